import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useAskPickupReschedule } from '@/features/orders/api/ask-pickup-reschedule';
import { useConfirmPickupWindow } from '@/features/orders/api/confirm-pickup-window';
import { useLastPickupAddress } from '@/features/orders/api/get-last-pickup-address';
import type { OrderDetail } from '@/features/orders/api/get-order';
import { useOfferPickupWindows } from '@/features/orders/api/offer-pickup-windows';
import type { PickupWindow } from '@/features/orders/api/order';
import { useReportPickupNoShow } from '@/features/orders/api/report-pickup-no-show';
import { OrderConfirmDialog } from '@/features/orders/components/order-dialogs';
import { PickupAddressDialog, PickupOfferDialog } from '@/features/orders/components/pickup-offer-dialog';
import { formatWindow } from '@/features/orders/utils/pickup-windows';
import { refusalMessage } from '@/lib/refusal-message';

/** A party may say the other did not come for this long after a confirmed time ended (the database's rule). */
const NO_SHOW_DAYS = 7;

type Props = {
  order: OrderDetail;
  viewer: 'buyer' | 'seller';
  now: number;
};

/** The pickup address as the order page shows it: to the buyer once confirmed, to the seller as their own. */
export function PickupAddressView({ order, viewer }: { order: OrderDetail; viewer: 'buyer' | 'seller' }) {
  if (!order.address) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="pickup-address">
      <dt className="text-muted-foreground">{viewer === 'seller' ? 'Your pickup address' : 'Pickup address'}</dt>
      <dd className="break-words whitespace-pre-line">{order.address.address}</dd>
      {order.address.directions ? (
        <>
          <dt className="text-muted-foreground">Directions</dt>
          <dd className="break-words whitespace-pre-line">{order.address.directions}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * Pickup times of a paid order (docs/orders.md): either party offers up to three, the other confirms one, either
 * may ask to reschedule, and once a confirmed time has ended either may say the other did not come. The seller's
 * offer carries the pickup address, prefilled from the order's own or their last order's.
 */
export function PickupTimes({ order, viewer, now }: Props) {
  const [offering, setOffering] = useState(false);
  const [confirming, setConfirming] = useState<PickupWindow | null>(null);
  const [asking, setAsking] = useState<'reschedule' | 'no-show' | null>(null);
  const seller = viewer === 'seller';
  const otherName = seller ? order.buyer_name : order.seller_name;
  const last = useLastPickupAddress(order.seller_id ?? '', { enabled: seller && order.address === null });
  const prefill = order.address ?? last.data ?? null;

  const offer = useOfferPickupWindows(order.id, {
    onSuccess: () => {
      setOffering(false);
      toast.success(`Pickup times offered. ${otherName} is told.`);
    },
    onError: (error) => toast.error(refusalMessage(error, 'Failed to offer the pickup times')),
  });
  const confirm = useConfirmPickupWindow(order.id, {
    onSuccess: () => {
      setConfirming(null);
      toast.success(`Pickup time confirmed. ${otherName} is told.`);
    },
    onError: (error) => toast.error(refusalMessage(error, 'Failed to confirm the pickup time')),
  });
  const reschedule = useAskPickupReschedule(order.id, {
    onSuccess: () => {
      setAsking(null);
      toast.success(`${otherName} is told. Offer new times when you can.`);
    },
    onError: (error) => toast.error(refusalMessage(error, 'Failed to ask to reschedule')),
  });
  const noShow = useReportPickupNoShow(order.id, {
    onSuccess: () => {
      setAsking(null);
      toast.success(`Noted that ${otherName} didn't come. ${otherName} is told.`);
    },
    onError: (error) => toast.error(refusalMessage(error, 'Failed to report the missed pickup')),
  });
  const busy = offer.isPending || confirm.isPending || reschedule.isPending || noShow.isPending;

  const confirmed = order.windows.find((w) => w.status === 'confirmed') ?? null;
  const proposed = order.windows.filter((w) => w.status === 'proposed');
  const missed = order.windows.filter((w) => w.status === 'missed');
  const mine = proposed.length > 0 && proposed[0]!.proposer_role === viewer;
  const ended = confirmed !== null && Date.parse(confirmed.ends_at) <= now;
  const mayReportNoShow =
    confirmed !== null && ended && now - Date.parse(confirmed.ends_at) <= NO_SHOW_DAYS * 24 * 3_600_000;

  const confirmWindow = (window: PickupWindow) => {
    // A seller with no address on the order gives it with the confirmation.
    if (seller && order.address === null) setConfirming(window);
    else confirm.mutate({ windowId: window.id });
  };

  return (
    <section aria-labelledby={`pickup-${order.id}`} className="space-y-4 rounded-lg border p-4">
      <h2 id={`pickup-${order.id}`} className="text-lg font-semibold">
        Pickup time
      </h2>
      {/* Polite live region: a time offered, confirmed or set aside by the other party is read out as it arrives. */}
      <div role="status" aria-live="polite" className="space-y-3" data-testid="pickup-state">
        {confirmed ? (
          <>
            <p>
              <span className="font-medium">Confirmed: </span>
              <span data-testid="pickup-confirmed">{formatWindow(confirmed.starts_at, confirmed.ends_at)}</span>
            </p>
            {viewer === 'buyer' && !order.address ? null : <PickupAddressView order={order} viewer={viewer} />}
          </>
        ) : proposed.length > 0 ? (
          <>
            <p>
              {mine
                ? `You offered these times. Waiting for ${otherName} to confirm one.`
                : `${otherName} offered these times. Confirm the one that suits you.`}
            </p>
            <ul className="space-y-2" aria-label="Offered pickup times">
              {proposed.map((window) => {
                const label = formatWindow(window.starts_at, window.ends_at);
                const passed = Date.parse(window.starts_at) <= now;
                return (
                  <li key={window.id} className="flex flex-wrap items-center gap-3">
                    <span>{label}</span>
                    {passed ? <span className="text-sm text-muted-foreground">(passed)</span> : null}
                    {!mine && !passed ? (
                      <Button
                        size="sm"
                        disabled={busy}
                        aria-label={`Confirm ${label}`}
                        onClick={() => confirmWindow(window)}
                      >
                        Confirm
                      </Button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </>
        ) : (
          <p>
            {seller
              ? `No pickup time yet. Offer up to three times that suit you; ${otherName} confirms one.`
              : `No pickup time yet. ${otherName} offers times, or offer some that suit you.`}
          </p>
        )}
        {missed.length > 0 ? (
          <ul className="space-y-1 text-sm text-muted-foreground" aria-label="Missed pickup times">
            {missed.map((window) => (
              <li key={window.id}>
                Missed by {window.missed_by === viewer ? 'you' : otherName}:{' '}
                {formatWindow(window.starts_at, window.ends_at)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {confirmed === null ? (
          <Button
            variant={proposed.length > 0 ? 'outline' : 'default'}
            disabled={busy}
            onClick={() => setOffering(true)}
          >
            {proposed.length > 0 ? 'Offer other times' : 'Offer pickup times'}
          </Button>
        ) : null}
        {confirmed !== null && !ended ? (
          <Button variant="outline" disabled={busy} onClick={() => setAsking('reschedule')}>
            Ask to reschedule
          </Button>
        ) : null}
        {mayReportNoShow ? (
          <Button variant="outline" disabled={busy} onClick={() => setAsking('no-show')}>
            They didn&rsquo;t come
          </Button>
        ) : null}
      </div>
      {offering ? (
        <PickupOfferDialog
          open
          onOpenChange={setOffering}
          pending={offer.isPending}
          seller={seller}
          address={prefill}
          otherName={otherName}
          onSubmit={(value) => offer.mutate(value)}
        />
      ) : null}
      {confirming ? (
        <PickupAddressDialog
          open
          onOpenChange={(open) => setConfirming(open ? confirming : null)}
          pending={confirm.isPending}
          address={prefill}
          when={formatWindow(confirming.starts_at, confirming.ends_at)}
          onSubmit={(value) => confirm.mutate({ windowId: confirming.id, ...value })}
        />
      ) : null}
      <OrderConfirmDialog
        open={asking === 'reschedule'}
        onOpenChange={(open) => setAsking(open ? 'reschedule' : null)}
        pending={reschedule.isPending}
        title="Ask to reschedule?"
        description={`The confirmed time is set aside and ${otherName} is told. Either of you can then offer new times.`}
        submitLabel="Ask to reschedule"
        pendingLabel="Asking…"
        cancelLabel="Keep the time"
        onConfirm={() => reschedule.mutate()}
      />
      <OrderConfirmDialog
        open={asking === 'no-show'}
        onOpenChange={(open) => setAsking(open ? 'no-show' : null)}
        pending={noShow.isPending}
        title={`Say ${otherName} didn't come?`}
        description={
          seller
            ? `${otherName} is told. You can then offer new times; if they miss two confirmed times, you may cancel and refund.`
            : `${otherName} is told. You can then offer new times, or cancel and get your money back.`
        }
        submitLabel="They didn't come"
        pendingLabel="Reporting…"
        destructive
        onConfirm={() => {
          if (confirmed) noShow.mutate(confirmed.id);
        }}
      />
    </section>
  );
}
