#!/usr/bin/env node
// The `local-supabase` command (`stack`, `status`, `db-reset`). The CLI is TypeScript: tsx is registered as a
// loader in this same process rather than run as the `tsx` command, whose signal relay SIGKILLs a child slow to
// acknowledge Ctrl-C (a busy machine) and would leave PostgreSQL running.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
