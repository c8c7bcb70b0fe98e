// customer-portal: the subscription management page for the signed-in user (docs/product.md, Payments).
// Body: none, or { returnUrl } on an allowed origin. Answer: { url, provider }.
import { json, readJsonObject, withHttp } from '../_shared/http.ts';
import { payments } from '../_shared/payments.ts';
import { resolveReturnUrl } from '../_shared/return-urls.ts';
import { requireCaller } from '../_shared/supabase.ts';

Deno.serve(
  withHttp(['POST'], async (req) => {
    const { config, provider } = payments();
    const caller = await requireCaller(req, 'Must be logged in');
    const body = await readJsonObject(req);
    const returnUrl = resolveReturnUrl(body.returnUrl, 'returnUrl', '/settings', {
      ...config,
      requestOrigin: req.headers.get('Origin'),
    });
    const url = await provider.createPortal({ caller, returnUrl });
    return json({ url, provider: provider.kind });
  }),
);
