import { type PasswordPolicy, passwordPolicyMissRules } from '@recon/contract';
import type { TFunction } from 'i18next';

/**
 * What a typed password lacks under the policy, worded in the reader's language (the contract's phrases are the
 * server's English refusal): "at least 12 characters, a digit"; empty when it passes.
 */
export function passwordMissesText(t: TFunction, password: string, policy: PasswordPolicy): string {
  return passwordPolicyMissRules(password, policy)
    .map((m) => t(`passwordRules.${m.rule}`, { count: m.count }))
    .join(t('passwordRules.separator'));
}
