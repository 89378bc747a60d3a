-- Tells a player something, in the transaction of the event itself (the one
-- implementation: notify() in notifications.service.ts and the decisions in
-- SQL call it): the notification row, the NOTIFY on the channel
-- player_notifications (NOTIFICATION_CHANNEL in notification-bus.ts) that
-- wakes the player's open streams on every instance (PostgreSQL sends it at
-- commit, never for a rollback), and the outbox rows for the player's LINE
-- and Web Push, if they opted in. Answers the notification's id.
create or replace function notify_player(p_player_id bigint, p_kind text, p_params jsonb) returns bigint
language plpgsql as $$
declare
  v_id bigint;
begin
  insert into notifications (player_id, kind, params) values (p_player_id, p_kind, p_params)
    returning id into v_id;
  perform pg_notify('player_notifications', json_build_object('playerId', p_player_id, 'id', v_id)::text);
  insert into notification_sends (notification_id, channel, target, payload)
    select v_id, 'LINE', l.line_user_id, jsonb_build_object('language', l.language)
      from line_links l where l.player_id = p_player_id
    union all
    select v_id, 'PUSH', s.endpoint, jsonb_build_object('language', s.language, 'subscriptionId', s.id)
      from push_subscriptions s where s.player_id = p_player_id;
  return v_id;
end $$;
