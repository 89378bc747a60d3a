/**
 * Notifications (issue 22).
 *
 * - notifications: what happened to a player's money or play that they are
 *   told about (a kind and its figures; the text is rendered in the reader's
 *   language), read or not. Written in the same transaction as the event, so
 *   an event and its notification commit together; a `pg_notify` in that
 *   transaction wakes every server instance's open streams at commit.
 * - line_links / line_link_codes: a player's LINE user id, linked by a
 *   one-time code the player sends to the site's LINE official account.
 * - push_subscriptions: Web Push endpoints a player opted in with.
 * - notification_sends: the outbox of messages to LINE and Web Push, sent
 *   after commit by a worker on any instance (claimed with SKIP LOCKED), so a
 *   message is neither lost when a process dies nor sent for an event that
 *   rolled back.
 */
export const notificationsSchemaSql = /* sql */ `
create table notifications (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  kind text not null,
  params jsonb not null default '{}',
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index notifications_player_idx on notifications (player_id, id desc);
create index notifications_unread_idx on notifications (player_id) where read_at is null;

create table line_links (
  player_id bigint primary key references players (id),
  line_user_id text not null,
  language text not null default 'th',
  linked_at timestamptz not null default now(),
  constraint line_links_user_key unique (line_user_id)
);

create table line_link_codes (
  code text primary key,
  player_id bigint not null references players (id),
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index line_link_codes_player_idx on line_link_codes (player_id);

create table push_subscriptions (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  endpoint text not null,
  p256dh text not null,
  auth text not null,
  language text not null default 'th',
  created_at timestamptz not null default now(),
  constraint push_subscriptions_endpoint_key unique (endpoint)
);
create index push_subscriptions_player_idx on push_subscriptions (player_id);

create table notification_sends (
  id bigint generated always as identity primary key,
  notification_id bigint references notifications (id),
  channel text not null check (channel in ('LINE', 'PUSH', 'LINE_GROUP')),
  target text not null,
  payload jsonb not null,
  status text not null default 'PENDING' check (status in ('PENDING', 'SENT', 'FAILED')),
  attempts integer not null default 0,
  next_at timestamptz not null default now(),
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index notification_sends_due_idx on notification_sends (next_at) where status = 'PENDING';
`;
