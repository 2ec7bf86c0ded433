/**
 * The national registers' pure rules (national-registers.ts): which id a register is queried by,
 * who is exempt (ROFUS § 25 stk. 6) or must be identified first, what a stored answer refuses,
 * and when an answer no longer stands (ROFUS: each login; SIGAP: each calendar day of Brasília).
 */
import { describe, expect, it } from 'vitest';
import { NATIONAL_REGISTERS, answerStands, dayIn, registerIdOf, registerRefusal, withRegisters } from './national-registers';
import { required } from '../required';

const ROFUS = required(NATIONAL_REGISTERS.SPILLEMYNDIGHEDEN, 'ROFUS');
const SIGAP = required(NATIONAL_REGISTERS.SPA_MF, 'SIGAP');
const cpr = { idType: 'CPR', idNumber: '030380-3030', idCountry: 'DK' };
const cpf = { idType: 'CPF', idNumber: '529.982.247-25', idCountry: 'BR' };

describe('national registers', () => {
  it('belong to Spillemyndigheden (ROFUS, CPR) and SPA/MF (SIGAP, CPF) only', () => {
    expect(withRegisters(['UKGC', 'SPILLEMYNDIGHEDEN', 'KSA', 'SPA_MF'])).toEqual(['SPILLEMYNDIGHEDEN', 'SPA_MF']);
    expect([ROFUS.register, ROFUS.idType, SIGAP.register, SIGAP.idType]).toEqual(['ROFUS', 'CPR', 'SIGAP', 'CPF']);
  });

  it("take the id from the customer's kyc; another country's id exempts from ROFUS only", () => {
    expect(registerIdOf(ROFUS, cpr)).toEqual({ kind: 'ID', digits: '0303803030' });
    expect(registerIdOf(SIGAP, cpf)).toEqual({ kind: 'ID', digits: '52998224725' });
    const swedish = { idType: 'PASSPORT', idNumber: 'AA1234567', idCountry: 'SE' };
    expect(registerIdOf(ROFUS, swedish)).toEqual({ kind: 'EXEMPT' });
    expect(registerIdOf(SIGAP, swedish)).toEqual({ kind: 'MISSING' });
    expect(registerIdOf(ROFUS, undefined)).toEqual({ kind: 'MISSING' });
    expect(registerIdOf(ROFUS, { idType: 'CPR', idNumber: '310280-1010', idCountry: 'DK' })).toEqual({ kind: 'MISSING' });
    expect(registerIdOf(SIGAP, { idType: 'CPF', idNumber: '529.982.247-26', idCountry: 'BR' })).toEqual({ kind: 'MISSING' });
  });

  it('refuse a customer without the id, or whose last answer excludes them until its end', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    expect(registerRefusal(['SPILLEMYNDIGHEDEN'], undefined, undefined, now)).toEqual({
      status: 'IDENTITY_REQUIRED',
      regulator: 'SPILLEMYNDIGHEDEN',
      register: 'ROFUS',
      idType: 'CPR',
    });
    const checkedAt = '2026-11-29T10:00:00Z';
    const until = '2026-12-01T00:00:00.000Z';
    const answers = { SPA_MF: { excluded: true, checkedAt }, SPILLEMYNDIGHEDEN: { excluded: true, until, checkedAt } };
    expect(registerRefusal(['SPA_MF'], cpf, answers, now)).toMatchObject({ status: 'EXCLUDED', register: 'SIGAP' });
    expect(registerRefusal(['SPILLEMYNDIGHEDEN'], cpr, answers, now)).toMatchObject({ status: 'EXCLUDED', until });
    expect(registerRefusal(['SPILLEMYNDIGHEDEN'], cpr, answers, new Date(until))).toBeNull();
    expect(registerRefusal(['SPA_MF'], cpf, { SPA_MF: { excluded: false, checkedAt } }, now)).toBeNull();
    expect(registerRefusal(['UKGC', 'MGA'], undefined, undefined, now)).toBeNull();
  });

  it('keep refusing a customer found on ROFUS whose kyc then names a foreign id (no escape by § 25 stk. 6)', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const swedish = { idType: 'PASSPORT', idNumber: 'AA1234567', idCountry: 'SE' };
    const checkedAt = '2026-11-29T10:00:00Z';
    const excluded = { SPILLEMYNDIGHEDEN: { excluded: true, checkedAt } };
    expect(registerRefusal(['SPILLEMYNDIGHEDEN'], swedish, excluded, now)).toMatchObject({ status: 'EXCLUDED', register: 'ROFUS' });
    // Never found on it, or a temporary exclusion past its end: exempt as before.
    expect(registerRefusal(['SPILLEMYNDIGHEDEN'], swedish, undefined, now)).toBeNull();
    expect(registerRefusal(['SPILLEMYNDIGHEDEN'], swedish, { SPILLEMYNDIGHEDEN: { excluded: false, checkedAt } }, now)).toBeNull();
    const ended = { SPILLEMYNDIGHEDEN: { excluded: true, until: '2026-11-01T00:00:00.000Z', checkedAt } };
    expect(registerRefusal(['SPILLEMYNDIGHEDEN'], swedish, ended, now)).toBeNull();
  });

  it('ROFUS: an answer stands for the login it was given in, not the next', () => {
    const login = new Date('2026-11-29T12:00:00Z');
    expect(answerStands(ROFUS, new Date('2026-11-29T12:00:01Z'), login, new Date('2026-11-29T12:10:00Z'))).toBe(true);
    expect(answerStands(ROFUS, new Date('2026-11-29T11:59:59Z'), login, new Date('2026-11-29T12:10:00Z'))).toBe(false);
  });

  it('SIGAP: one answer a calendar day of Brasília (UTC-3), whatever the logins', () => {
    const login = new Date('2026-11-29T23:00:00Z');
    // 02:59 UTC on the 30th is still the 29th in Brasília; 03:00 UTC is the 30th.
    expect(dayIn(new Date('2026-11-30T02:59:00Z'), 'America/Sao_Paulo')).toBe('2026-11-29');
    expect(answerStands(SIGAP, new Date('2026-11-29T10:00:00Z'), login, new Date('2026-11-30T02:59:00Z'))).toBe(true);
    expect(answerStands(SIGAP, new Date('2026-11-29T10:00:00Z'), login, new Date('2026-11-30T03:00:00Z'))).toBe(false);
  });
});
