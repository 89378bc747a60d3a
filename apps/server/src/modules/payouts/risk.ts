import { satangToBaht } from '@app/contracts/money';
import {
  type PayoutRoute,
  RISK_REASONS,
  RISK_RULES_DEFAULT,
  type RiskReason,
  type RiskReasonCode,
  type RiskRules,
  riskRulesSchema,
} from '@app/contracts/payouts';
import { CompiledQuery } from 'kysely';
import type { Db, Queryable } from '../../db/database.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { present } from '../../lib/assert.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { blacklistedKinds } from '../blacklist/blacklist.service.ts';
import { settingsRepository } from '../settings/settings.repository.ts';

/** Where the rules an admin set are kept: one settings row, JSON, not public. */
export const RISK_RULES_SETTING = 'RISK_RULES';

/** The rules in force: the stored ones, or the defaults where none are stored or they cannot be read. */
export async function readRiskRules(db: Queryable): Promise<RiskRules> {
  const stored = await settingsRepository.values(db, [RISK_RULES_SETTING]);
  return parseRiskRules(stored.get(RISK_RULES_SETTING) ?? null);
}

/** The rules a stored value holds; the defaults where none is stored or it cannot be read. */
function parseRiskRules(value: string | null): RiskRules {
  // Stryker disable next-line ConditionalExpression: equivalent; safeJson(null) is null, which is no rules either
  const parsed = riskRulesSchema.safeParse(value === null ? undefined : safeJson(value));
  return parsed.success ? parsed.data : RISK_RULES_DEFAULT;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An admin changes the rules: stored and audited (before and after) in one transaction. */
export async function updateRiskRules(db: Db, actor: Actor, rules: RiskRules): Promise<RiskRules> {
  return db.transaction().execute(async (trx) => {
    const before = await readRiskRules(trx);
    await settingsRepository.upsertPrivateSetting(trx, RISK_RULES_SETTING, JSON.stringify(rules));
    await appendAudit(trx, actor, {
      action: 'risk_rules.update',
      targetType: 'setting',
      targetId: RISK_RULES_SETTING,
      before,
      after: rules,
    });
    return rules;
  });
}

/** The facts the rules read about one withdrawal and its player, gathered in one round of queries. */
export type RiskFacts = {
  amount: number;
  /** The player's waiting and approved withdrawals since midnight in Bangkok, this one included. */
  dayTotal: number;
  earlierPaidWithdrawals: number;
  depositsSinceLastWithdrawal: number;
  turnoverSinceLastWithdrawal: number;
  identityChangedHoursAgo: number | null;
  failedLogins: number;
  /** Sessions from an address and device the player had not used before, opened within the rule's hours. */
  newDevices: number;
  blacklisted: string[];
  sharedIdentity: number;
  frozen: boolean;
  promotionTurnoverLeft: number | null;
};

const reason = (code: RiskReasonCode, detail: RiskReason['detail'] = {}): RiskReason => ({ code, detail });

/**
 * The rules themselves: each enabled rule whose condition holds adds its
 * named reason, with the figures behind it. No reason: the withdrawal may be
 * paid automatically. Pure, so every rule is tested on its own.
 */
export function riskReasons(rules: RiskRules, facts: RiskFacts): RiskReason[] {
  const reasons: RiskReason[] = [];
  if (rules.blacklisted.enabled && facts.blacklisted.length > 0)
    reasons.push(reason('BLACKLISTED', { kinds: facts.blacklisted.join(',') }));
  if (rules.frozen.enabled && facts.frozen) reasons.push(reason('FROZEN'));
  if (rules.sharedIdentity.enabled && facts.sharedIdentity > 0)
    reasons.push(reason('SHARED_IDENTITY', { players: facts.sharedIdentity }));
  if (
    rules.securityEvents.enabled &&
    (facts.failedLogins >= rules.securityEvents.failedLogins || facts.newDevices > 0)
  ) {
    reasons.push(
      reason('SECURITY_EVENTS', {
        failedLogins: facts.failedLogins,
        newDevices: facts.newDevices,
        hours: rules.securityEvents.hours,
      }),
    );
  }
  if (
    rules.identityChanged.enabled &&
    facts.identityChangedHoursAgo !== null &&
    facts.identityChangedHoursAgo < rules.identityChanged.hours
  ) {
    reasons.push(reason('IDENTITY_CHANGED', { hoursAgo: Math.floor(facts.identityChangedHoursAgo) }));
  }
  // No deposit since the last withdrawal never holds: turnover is never below 0.
  if (
    rules.lowTurnover.enabled &&
    facts.turnoverSinceLastWithdrawal * 100 < facts.depositsSinceLastWithdrawal * rules.lowTurnover.percent
  ) {
    reasons.push(
      reason('LOW_TURNOVER', {
        deposits: satangToBaht(facts.depositsSinceLastWithdrawal),
        turnover: satangToBaht(facts.turnoverSinceLastWithdrawal),
        percent: rules.lowTurnover.percent,
      }),
    );
  }
  if (rules.promotionTurnover.enabled && facts.promotionTurnoverLeft !== null)
    reasons.push(reason('PROMOTION_TURNOVER', { left: satangToBaht(facts.promotionTurnoverLeft) }));
  if (rules.dailyTotal.enabled && facts.dayTotal > rules.dailyTotal.limitBaht * 100)
    reasons.push(reason('DAILY_TOTAL', { total: satangToBaht(facts.dayTotal), limit: rules.dailyTotal.limitBaht }));
  if (rules.amountAboveAuto.enabled && facts.amount > rules.amountAboveAuto.limitBaht * 100)
    reasons.push(reason('AMOUNT_ABOVE_AUTO', { limit: rules.amountAboveAuto.limitBaht }));
  if (rules.firstWithdrawal.enabled && facts.earlierPaidWithdrawals === 0) reasons.push(reason('FIRST_WITHDRAWAL'));
  return reasons;
}

/** The risk score: the sum of the reasons' weights (RISK_REASONS); the queue shows the highest first. */
export const riskScore = (reasons: readonly RiskReason[]) =>
  reasons.reduce((sum, item) => sum + RISK_REASONS[item.code], 0);

const HOUR_MS = 3600 * 1000;

/** A withdrawal as the rules read it: its status, a verdict already recorded, the rules in force, the facts. */
export type WithdrawalToScore = {
  status: string;
  verdict: { route: PayoutRoute; reasons: RiskReason[]; score: number } | null;
  rules: RiskRules;
  facts: RiskFacts;
};

/**
 * The window (hours) of the security-events rule as last read. The facts are
 * counted over it in the same statement that reads the rules, so one round
 * trip serves; should the rules read say another window (an admin changed
 * it), the facts are read again over that one.
 */
let securityHours = RISK_RULES_DEFAULT.securityEvents.hours;

/**
 * Reads what scoring a withdrawal needs, in one statement: its status, the
 * verdict if one is recorded, the rules in force and the facts. Null when
 * `historyId` is not a withdrawal.
 */
export async function readWithdrawalToScore(
  db: Queryable,
  historyId: number,
  read?: FactsReadWithWithdrawal,
): Promise<WithdrawalToScore | null> {
  const hours = read?.hours ?? securityHours;
  const row = read ? ((read.facts as FactsRow | null) ?? undefined) : await readFactsRow(db, historyId, hours);
  if (!row) return null;
  const rules = parseRiskRules(row.rules);
  securityHours = rules.securityEvents.hours;
  const facts =
    // Stryker disable next-line ConditionalExpression: equivalent; reading the facts again gives the same, later
    rules.securityEvents.hours === hours ? await factsOf(db, row) : await gatherRiskFacts(db, { historyId, rules });
  return {
    status: row.status,
    verdict:
      row.route === null ? null : { route: row.route, reasons: row.reasons as RiskReason[], score: Number(row.score) },
    rules,
    facts,
  };
}

/** The facts for the withdrawal `historyId`, as of now, under `rules`, in one statement. */
export async function gatherRiskFacts(
  db: Queryable,
  input: { historyId: number; rules: RiskRules },
): Promise<RiskFacts> {
  const row = await readFactsRow(db, input.historyId, input.rules.securityEvents.hours);
  return factsOf(db, present(row, 'the facts of a withdrawal'));
}

/** withdrawal_risk_facts's object: numbers as JSON numbers, the identity's change as an ISO 8601 text. */
type FactsRow = {
  amount: number;
  status: string;
  route: PayoutRoute | null;
  reasons: unknown;
  score: number | null;
  rules: string | null;
  phone_number: string;
  bank_number: string;
  full_name: string;
  frozen: boolean;
  identity_changed_at: string | null;
  day_total: number;
  earlier_paid: boolean;
  deposits: number;
  turnover: number;
  failed_logins: number;
  new_devices: number;
  shared: number;
  promotion_left: number | null;
  blacklisted: string[] | null;
};

/**
 * The facts' statement ($1 the withdrawal's entry, $2 the start of the
 * security window, $3 the rules' setting): withdrawal_risk_facts
 * (payouts/sql), sent under its name (db/prepared.ts).
 */
const FACTS_SQL = preparedStatement(
  // Stryker disable next-line StringLiteral: the name is checked on PostgreSQL (prepared-statements.test.ts)
  'withdrawal_risk_facts',
  'select withdrawal_risk_facts($1, $2::timestamptz, $3) as facts',
);

/** The start of a security window of `hours`, as of now. */
const windowStart = (hours: number) => new Date(Date.now() - hours * HOUR_MS);

async function readFactsRow(db: Queryable, historyId: number, hours: number): Promise<FactsRow | undefined> {
  const { rows } = await db.executeQuery<{ facts: FactsRow | null }>(
    CompiledQuery.raw(FACTS_SQL, [historyId, windowStart(hours), RISK_RULES_SETTING]),
  );
  return rows[0]?.facts ?? undefined;
}

/**
 * The facts read with the withdrawal itself (player_withdraw_scored): the window they were counted over, and
 * what withdrawal_risk_facts answered. readWithdrawalToScore takes them instead of reading again.
 */
export type FactsReadWithWithdrawal = { hours: number; facts: unknown };

/** The security window to read a new withdrawal's facts over (the rules' as last read), and its start. */
export function riskFactsWindow(): { hours: number; since: Date } {
  return { hours: securityHours, since: windowStart(securityHours) };
}

async function factsOf(db: Queryable, row: FactsRow): Promise<RiskFacts> {
  // The phone and the account number are compared in the facts' query; the name here, in every order of its
  // words, by the one rule for names (blacklist/identity.ts).
  const blacklisted = [...(row.blacklisted ?? []), ...(await blacklistedKinds(db, { fullName: row.full_name }))].sort();
  return {
    amount: Number(row.amount),
    dayTotal: Number(row.day_total),
    earlierPaidWithdrawals: row.earlier_paid ? 1 : 0,
    depositsSinceLastWithdrawal: Number(row.deposits),
    turnoverSinceLastWithdrawal: Number(row.turnover),
    identityChangedHoursAgo:
      row.identity_changed_at === null ? null : (Date.now() - new Date(row.identity_changed_at).getTime()) / HOUR_MS,
    failedLogins: Number(row.failed_logins),
    newDevices: Number(row.new_devices),
    blacklisted,
    sharedIdentity: Number(row.shared),
    frozen: row.frozen,
    promotionTurnoverLeft: row.promotion_left === null ? null : Number(row.promotion_left),
  };
}
