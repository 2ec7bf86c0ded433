import { Customer } from '@/lib/contract/common';
import { runOperation } from '@/lib/sandbox/http';
import { saveCustomer } from '@/lib/sandbox/catalog';

/** POST /public/customer */
export async function POST(request: Request) {
  return runOperation(request, { name: 'customer.save', body: Customer, idempotent: true }, async ({ tx, principal, body }) => ({ status: 200, body: await saveCustomer(tx, principal, body) }));
}
