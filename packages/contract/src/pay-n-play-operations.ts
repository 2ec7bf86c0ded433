/**
 * The operations of Pay N Play (docs/design.md, E26), spread into the operations table
 * (operations.ts): the customer's bank login from the cashier, and the merchant's decision on the
 * player the bank identified.
 */
import { PayNPlayStartAnswer, PayNPlayStartRequest, PlayerDecisionAnswer, PlayerDecisionRequest } from './pay-n-play';

export const PAY_N_PLAY_OPERATIONS = {
  startPayNPlay: {
    method: 'POST',
    path: '/public/cashier/session/{sessionId}/pay-n-play',
    summary: 'Deposit by bank, or log in with amount 0, in a Pay N Play session',
    description:
      'A session created with `payNPlay: true`, whose player is not allowed yet: a deposit by Pay by Bank (within the merchant’s bounds) or an identification only (amount 0); the answer’s redirectUrl is the bank’s page. The bank hands back the identity it verified; the merchant gets it in `cashier.player.identified` and decides (player-decision). 409 INVALID_STATE for a session not of Pay N Play, already decided, or waiting for a decision.',
    request: PayNPlayStartRequest,
    answer: PayNPlayStartAnswer,
    answerDescription: 'The bank’s page',
    idempotent: true,
    extension: true,
    callers: ['merchant', 'checkout'],
    holder: { scope: 'session', access: 'move' },
  },
  decidePlayer: {
    method: 'POST',
    path: '/public/cashier/session/{sessionId}/player-decision',
    summary: 'Allow or deny the player a Pay N Play login identified',
    description:
      'The merchant’s answer to `cashier.player.identified` (its own checks: age, Spelpaus, GAMSTOP…). ALLOW: the session gets the customer (a returning player’s own; else a new one from the bank’s identity) and the deposit awaiting the decision is paid (the customer’s exclusion and limits bind); DENY: the deposit is returned (DECLINED, BLOCKED_CUSTOMER) and the cashier says the merchant cannot accept the player. The same decision again answers the same, moving nothing; another decision is 409 INVALID_STATE, as is one before the bank identified the player.',
    request: PlayerDecisionRequest,
    answer: PlayerDecisionAnswer,
    answerDescription: 'The decision applied',
    idempotent: true,
    extension: true,
    callers: ['merchant'],
  },
} as const;
