import { describe, expect, it } from 'vitest';
import { deviceSubscriptionSchema, isSupportedPushEndpoint } from '@/features/account/utils/push-device';

const HOSTED = 'https://abc.supabase.co';
const LOCAL = 'http://127.0.0.1:54321';
const KEYS = {
  p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
};

describe('push endpoints (docs/security.md, "Push endpoints")', () => {
  it('takes the browsers’ push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/x',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
    ]) {
      expect(isSupportedPushEndpoint(endpoint, HOSTED), endpoint).toBe(true);
    }
  });

  it('refuses other hosts, plain http, another port and a user name', () => {
    for (const endpoint of [
      'https://collector.example/x',
      'https://fcm.googleapis.com.collector.example/x',
      'https://evilnotify.windows.com/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'http://127.0.0.1:54330/push/send/x',
    ]) {
      expect(isSupportedPushEndpoint(endpoint, HOSTED), endpoint).toBe(false);
    }
  });

  it('takes the local push service only when the app talks to a local stack', () => {
    expect(isSupportedPushEndpoint('http://127.0.0.1:54330/push/send/x', LOCAL)).toBe(true);
    expect(isSupportedPushEndpoint('http://10.0.0.5:54330/push/send/x', LOCAL)).toBe(false);
  });

  it('the schema says why in a sentence', () => {
    const out = deviceSubscriptionSchema.safeParse({ endpoint: 'https://collector.example/x', ...KEYS });
    expect(out.success).toBe(false);
    expect(out.error?.issues[0]?.message).toMatch(/^This push service is not supported\./);
  });
});
