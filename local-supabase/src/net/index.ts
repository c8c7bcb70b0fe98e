export { startNetWorker, WAKE_CHANNEL, type NetWorker, type NetWorkerOptions } from './worker.ts';
export { PG_NET_VERSION } from './request.ts';
