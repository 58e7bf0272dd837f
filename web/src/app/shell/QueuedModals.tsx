import { ReleaseNoteModal } from '../../features/help/ReleaseNoteModal';
import { CookieBanner, NotificationMessageModal } from './Notices';

/**
 * What opens by itself in the portal, in the order of the queue (lib/modalQueue), which lets one open at a time.
 * The session modals (GlobalErrors) come first in it; they live outside the shell, since they also answer on the
 * sign-out and profile-completion screens. Mount with key={userId} so another user starts afresh.
 */
export function QueuedModals({ userId }: { userId: number }) {
  return (
    <>
      <ReleaseNoteModal userId={userId} />
      <NotificationMessageModal userId={userId} />
      <CookieBanner userId={userId} />
    </>
  );
}
