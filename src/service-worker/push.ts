// Web Push in the service worker (docs/notifications.md): the `push` and `notificationclick` handlers.
// Written by the push part of the work; until it lands the worker handles no push messages, and this module
// adds nothing to it. src/service-worker/sw.ts imports it so the two parts meet in one worker.
export {};
