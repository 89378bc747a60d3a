import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of the SQL functions in this folder: each breaks one rule and names the test that
 * must fail (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const AUDIT = 'test/audit/audit.test.ts';
const OPERATOR_ADJUST = 'test/wallet/operator-adjust.test.ts';

export const AUDIT_MUTANTS: readonly SqlMutant[] = [
  // audit_log_refuse_change (the audit log's append-only trigger, the seal of migration 020) --------------
  {
    id: 'AL1',
    fn: 'audit_log_refuse_change',
    rule: 'sealing changes nothing but the three chain columns',
    changes: [
      {
        find: 'old.reason, old.before, old.after, old.content_hash)',
        replace: 'new.reason, new.before, new.after, new.content_hash)',
      },
    ],
    killedBy: { file: AUDIT, test: 'sealing changes nothing but the seal' },
  },
  {
    id: 'AL2',
    fn: 'audit_log_refuse_change',
    rule: 'a sealed row is never sealed again',
    changes: [
      {
        find: "if tg_op = 'UPDATE' and old.chain_seq is null and new.chain_seq",
        replace: "if tg_op = 'UPDATE' and new.chain_seq",
      },
    ],
    killedBy: { file: AUDIT, test: 'an action commits its row unsealed' },
  },
  {
    id: 'AL3',
    fn: 'audit_log_refuse_change',
    rule: 'an unsealed row is not changed without being sealed',
    changes: [
      { find: 'and old.chain_seq is null and new.chain_seq is not null', replace: 'and old.chain_seq is null' },
    ],
    killedBy: { file: AUDIT, test: 'rows cannot be updated, deleted or truncated through SQL' },
    equivalent:
      'what it lets through changes no column: the content must stay as written, and chain columns set ' +
      'without chain_seq are refused by the check audit_log_sealed_whole (migration 020)',
  },
  // audit_canonical_json / audit_append (audit/sql) ------------------------------
  {
    id: 'AC1',
    fn: 'audit_canonical_json',
    rule: 'object keys are written in sorted order, as canonicalJson writes them',
    changes: [{ find: 'order by e.key collate "C")', replace: 'order by e.key collate "C" desc)' }],
    killedBy: { file: OPERATOR_ADJUST, test: 'audit_canonical_json writes, byte for byte' },
  },
  {
    id: 'AC2',
    fn: 'audit_canonical_json',
    rule: 'array elements keep their order',
    changes: [
      {
        find: "string_agg(audit_canonical_json(e.value), ',' order by e.n)",
        replace: "string_agg(audit_canonical_json(e.value), ',' order by e.n desc)",
      },
    ],
    killedBy: { file: OPERATOR_ADJUST, test: 'audit_canonical_json writes, byte for byte' },
  },
  {
    id: 'AC3',
    fn: 'audit_canonical_json',
    rule: 'nested values are written canonically too, not as jsonb prints them',
    changes: [{ find: "':' || audit_canonical_json(e.value)", replace: "':' || e.value::text" }],
    killedBy: { file: OPERATOR_ADJUST, test: 'audit_canonical_json writes, byte for byte' },
  },
  {
    id: 'AA1',
    fn: 'audit_append',
    rule: 'the hashed time is the ISO 8601 text to the millisecond, as toISOString writes it',
    changes: [{ find: `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`, replace: `'YYYY-MM-DD"T"HH24:MI:SS"Z"'` }],
    killedBy: { file: OPERATOR_ADJUST, test: 'writes the audit row the TypeScript path writes' },
  },
  {
    id: 'AA2',
    fn: 'audit_append',
    rule: 'the content hash covers the reason',
    changes: [
      {
        find: 'p_target_type, p_target_id, p_reason, p_before, p_after));',
        replace: 'p_target_type, p_target_id, null, p_before, p_after));',
      },
    ],
    killedBy: { file: OPERATOR_ADJUST, test: 'writes the audit row the TypeScript path writes' },
  },
  {
    id: 'AA3',
    fn: 'audit_append',
    rule: 'the row keeps the time to the millisecond (a JavaScript Date reads it back)',
    changes: [{ find: "date_trunc('milliseconds', clock_timestamp())", replace: 'clock_timestamp()' }],
    killedBy: { file: OPERATOR_ADJUST, test: 'writes the audit row the TypeScript path writes' },
    equivalent:
      'the driver reads microseconds back truncated to the millisecond (postgres-date) and to_char(…MS) ' +
      'truncates alike, so the hashed text is the same; the truncation only keeps the stored time equal to it',
  },
];
