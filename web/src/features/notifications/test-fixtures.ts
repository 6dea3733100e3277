import { newId, type InboxNotification } from '@urs/sync-protocol';

/** An inbox row of `userId`, created `minute` minutes into 2026-12-03 08:00 UTC. */
export function inboxRow(
  userId: string,
  minute: number,
  over: Partial<InboxNotification> = {},
): InboxNotification {
  const at = new Date(Date.UTC(2026, 11, 3, 8, minute)).toISOString();
  return {
    id: newId(),
    created_at: at,
    updated_at: at,
    user_id: userId,
    kind: 'request_approved',
    subject_type: 'item_requests',
    subject_id: newId(),
    actor_id: newId(),
    params: { number: `REQ-2026-00000${minute}`, item: 'Sabun cair', actor: 'Rahmat' },
    priority: 'normal',
    read_at: null,
    ...over,
  };
}
