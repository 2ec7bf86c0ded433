import { newChallenge } from '@/lib/security/proof-of-work';

/** GET /api/challenge: a proof-of-work challenge for the card form (lib/security/proof-of-work.ts). */
export async function GET() {
  return Response.json(await newChallenge(), { headers: { 'Cache-Control': 'no-store' } });
}
