import { describe, expect, it } from 'vitest';
import {
  checkBotCredential,
  checkEmailParsingConfig,
  checkTotpConfig,
  emailParsingRuleMatches,
  matchesWildcard,
  normaliseTotpSecret,
  INTEGRATION_TEXTS as T,
} from './integrations.ts';

describe('email parsing patterns', () => {
  it('match with * and ? over the whole text, in any case; a blank pattern takes everything', () => {
    expect(matchesWildcard('*@hdfcbank.example', 'Statements@HDFCBANK.example')).toBe(true);
    expect(matchesWildcard('*@hdfcbank.example', 'ops@hdfcbank.example.evil.test')).toBe(false);
    expect(matchesWildcard('settlement_????.csv', 'SETTLEMENT_2026.csv')).toBe(true);
    expect(matchesWildcard('settlement_????.csv', 'settlement_26.csv')).toBe(false);
    expect(matchesWildcard('report (final).csv', 'report (final).csv')).toBe(true);
    expect(matchesWildcard('a.c', 'abc')).toBe(false);
    expect(matchesWildcard('', 'anything')).toBe(true);
  });

  it('take an attachment only when sender, subject and name all match an active rule', () => {
    const rule = {
      sender: '*@bank.example',
      subjectPattern: 'Settlement *',
      attachmentPattern: '*.csv',
      isActive: true,
    };
    const mail = { from: 'ops@bank.example', subject: 'Settlement 26-11-2026', attachmentName: 'settle.csv' };
    expect(emailParsingRuleMatches(rule, mail)).toBe(true);
    expect(emailParsingRuleMatches(rule, { ...mail, attachmentName: 'settle.pdf' })).toBe(false);
    expect(emailParsingRuleMatches(rule, { ...mail, subject: 'Invoice' })).toBe(false);
    expect(emailParsingRuleMatches({ ...rule, isActive: false }, mail)).toBe(false);
  });
});

describe('the forms’ checks', () => {
  it('answer the first problem in the fields’ order', () => {
    expect(checkTotpConfig({ name: ' ', secret: 'x' }, true)).toEqual({ field: 'name', message: T.nameRequired });
    expect(checkTotpConfig({ name: 'A' }, false)).toBeNull();
    expect(checkTotpConfig({ name: 'A', secret: 'JBSW Y3DP EHPK 3PXP' }, true)).toBeNull();
    expect(normaliseTotpSecret('jbsw-y3dp ehpk 3pxp==')).toBe('JBSWY3DPEHPK3PXP');
    expect(checkEmailParsingConfig({ name: 'R', sender: 'a b@c.d', attachmentPattern: '*', pipelineId: 1 })).toEqual({
      field: 'sender',
      message: 'Invalid Email',
    });
    expect(checkBotCredential({ name: 'B', botType: 'AMAZON', userName: 'u' }, false)).toBeNull();
    expect(checkBotCredential({ name: 'B', botType: 'AMAZON', userName: 'u' }, true)).toEqual({
      field: 'password',
      message: T.passwordRequired,
    });
  });
});
