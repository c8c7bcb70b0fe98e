import type { RealtimeChannel } from '@supabase/supabase-js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { supabase } from '@/lib/supabase';

/** How often "typing" goes out while one writes, and how long the other side shows it after the last one. */
const TYPING_EVERY_MS = 2000;
const TYPING_SHOWN_MS = 5000;

type TypingPayload = { user_id?: unknown; typing?: unknown };

/**
 * Whether the other person of a conversation is here (online) and writing (typing), over the conversation's private
 * Realtime channel (docs/working-together.md): `project:<project id>` or `piece-chat:<listing conversation id>`.
 * Realtime lets only the conversation's two people join it (policies on realtime.messages). Presence is keyed by
 * user id; "typing" is a broadcast `{ user_id, typing }` sent at most every 2 s while writing and `typing: false` on
 * send or leaving the field; the receiver hides it 5 s after the last `typing: true`. Nothing here is stored.
 */
export function useConversationPresence(topic: string, userId: string) {
  const [online, setOnline] = useState(false);
  const [typing, setTyping] = useState(false);
  const channel = useRef<RealtimeChannel | null>(null);
  const lastSent = useRef(0);

  useEffect(() => {
    if (!userId) return;
    let hide: ReturnType<typeof setTimeout> | undefined;
    const feed = supabase.channel(topic, {
      config: { private: true, broadcast: { self: false, ack: true }, presence: { key: userId } },
    });
    channel.current = feed;
    feed
      .on('broadcast', { event: 'typing' }, ({ payload }: { payload: TypingPayload }) => {
        if (typeof payload?.user_id !== 'string' || payload.user_id === userId) return;
        clearTimeout(hide);
        setTyping(payload.typing === true);
        if (payload.typing === true) hide = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
      })
      .on('presence', { event: 'sync' }, () => {
        const others = Object.keys(feed.presenceState()).filter((key) => key !== userId);
        setOnline(others.length > 0);
        // Someone who left stops typing with it.
        if (others.length === 0) setTyping(false);
      })
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') void feed.track({ user_id: userId, online_at: new Date().toISOString() });
      });
    return () => {
      clearTimeout(hide);
      channel.current = null;
      lastSent.current = 0;
      setOnline(false);
      setTyping(false);
      void supabase.removeChannel(feed);
    };
  }, [topic, userId]);

  /** Tells the other person the viewer is writing (at most every 2 s) or stopped (once). */
  const notifyTyping = useCallback(
    (writing: boolean) => {
      const feed = channel.current;
      // Only over the joined socket: a channel not joined would send by HTTP, which is not worth it for a hint.
      if (!feed || feed.state !== 'joined') return;
      const now = Date.now();
      if (writing && now - lastSent.current < TYPING_EVERY_MS) return;
      if (!writing && lastSent.current === 0) return;
      lastSent.current = writing ? now : 0;
      void feed.send({ type: 'broadcast', event: 'typing', payload: { user_id: userId, typing: writing } });
    },
    [userId],
  );

  return { online, typing, notifyTyping };
}
