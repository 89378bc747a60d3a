import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of the SQL functions in this folder: each breaks one rule and names the test that
 * must fail (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const NOTIFICATIONS = 'test/notifications/notifications.test.ts';
const OUTSIDE_CHANNELS = 'test/notifications/outside-channels.test.ts';

export const NOTIFICATIONS_MUTANTS: readonly SqlMutant[] = [
  // notify_player (notifications/sql) ----------------------------------------------
  {
    id: 'NP1',
    fn: 'notify_player',
    rule: 'the NOTIFY wakes the player’s open streams on every instance',
    changes: [
      {
        find: "perform pg_notify('player_notifications', json_build_object('playerId', p_player_id, 'id', v_id)::text);",
        replace: 'null;',
      },
    ],
    killedBy: {
      file: NOTIFICATIONS,
      test: 'reaches the player’s open stream on another instance, live',
      postgresOnly: true,
    },
  },
  {
    id: 'NP2',
    fn: 'notify_player',
    rule: 'the notification keeps its words (amount, reason)',
    changes: [{ find: 'values (p_player_id, p_kind, p_params)', replace: "values (p_player_id, p_kind, '{}')" }],
    killedBy: {
      file: NOTIFICATIONS,
      test: 'a withdrawal approved, and one rejected with the reason, each notify once',
    },
  },
  {
    id: 'NP3',
    fn: 'notify_player',
    rule: 'a player linked on LINE gets each event there',
    changes: [{ find: 'from line_links l where l.player_id = p_player_id', replace: 'from line_links l where false' }],
    killedBy: { file: OUTSIDE_CHANNELS, test: 'each event reaches the linked player on LINE exactly once' },
  },
  {
    id: 'NP4',
    fn: 'notify_player',
    rule: 'only the player’s own devices get the push',
    changes: [
      {
        find: 'from push_subscriptions s where s.player_id = p_player_id',
        replace: 'from push_subscriptions s where s.player_id <> p_player_id',
      },
    ],
    killedBy: { file: OUTSIDE_CHANNELS, test: 'an opted-in device gets each event once' },
  },
  // Scopes of notify_player: LINE carries the player’s own events ----------------------------
  {
    id: 'SP-35',
    fn: 'notify_player',
    rule: 'an event reaches the LINE of its own player only',
    changes: [{ find: 'from line_links l where l.player_id = p_player_id', replace: 'from line_links l' }],
    killedBy: { file: OUTSIDE_CHANNELS, test: 'an unlinked player gets nothing on LINE' },
  },
];
