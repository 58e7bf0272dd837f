import type { AnyStateMachine } from 'xstate';
import { appStatusMachine } from './appStatus.machine';
import { calendarMachine } from './calendar.machine';
import { documentUploadMachine } from './documentUpload.machine';
import { equipmentListRemovalMachine } from './equipmentListRemoval.machine';
import { globalErrorsMachine } from './globalErrors.machine';
import { hubConnectionMachine } from './hubConnection.machine';
import { imageUploadMachine } from './imageUpload.machine';
import { importProductMachine } from './importProduct.machine';
import { importProductMarketMachine } from './importProductMarket.machine';
import { invitationMachine } from './invitation.machine';
import { modalQueueMachine } from './modalQueue.machine';
import { noticeMachine } from './notice.machine';
import { notificationsMachine } from './notifications.machine';
import { profileCompletionMachine } from './profileCompletion.machine';
import { releaseNoteMachine } from './releaseNote.machine';
import { reservationMachine } from './reservation.machine';
import { reservationRemovalMachine } from './reservationRemoval.machine';
import { createSavedViewMachine } from './savedView.machine';
import { unsavedGuardMachine } from './unsavedGuard.machine';

export interface MachineEntry {
  machine: AnyStateMachine;
  /** What the machine runs, in a sentence for the charts' index. */
  about: string;
}

/** Every machine of the web app by the name its chart and the headless runner use. */
export const MACHINES: Record<string, MachineEntry> = {
  appStatus: {
    machine: appStatusMachine,
    about: 'The application status: initialising, then ready with or without a location, or for no-login.',
  },
  calendar: {
    machine: calendarMachine,
    about: 'The reservation calendar: its period, page of instruments and search mode.',
  },
  documentUpload: {
    machine: documentUploadMachine,
    about: 'Uploading documents: checks, a debounced batch with progress, retry or dismiss.',
  },
  equipmentListRemoval: {
    machine: equipmentListRemovalMachine,
    about:
      'Removing the selected instruments from the list: confirm, remove one after the other with progress, report those that stayed.',
  },
  globalErrors: {
    machine: globalErrorsMachine,
    about: 'The global handlers of failed calls: toasts and the session modals, one at a time.',
  },
  hubConnection: {
    machine: hubConnectionMachine,
    about: 'The real-time hub: connecting, connected, reconnecting after a drop.',
  },
  imageUpload: {
    machine: imageUploadMachine,
    about:
      'Uploading an instrument image: the pick checked, its thumbnail made, photo and thumbnail sent with progress.',
  },
  importProduct: {
    machine: importProductMachine,
    about: 'Import product: a city and a file, progress over the hub, then success or failed lines.',
  },
  importProductMarket: {
    machine: importProductMarketMachine,
    about: 'Import product info (admin): upload to storage, then import over the hub with progress.',
  },
  invitation: {
    machine: invitationMachine,
    about: 'The invitation flow of customer onboarding: validate, check existing accounts, send.',
  },
  modalQueue: {
    machine: modalQueueMachine,
    about:
      'The one queue of what opens by itself (session modals, release notes, notice, cookie banner): one at a time.',
  },
  notice: {
    machine: noticeMachine,
    about: 'A dismissible notice: the cookie banner and the notification-message modal.',
  },
  notifications: {
    machine: notificationsMachine,
    about: 'The notifications page: list, detail pane and batch mode as three parallel regions.',
  },
  profileCompletion: {
    machine: profileCompletionMachine,
    about: 'The two-step profile completion: company info, then personal info.',
  },
  releaseNote: {
    machine: releaseNoteMachine,
    about: 'The release-note modal after sign-in, until the user closes it.',
  },
  reservation: {
    machine: reservationMachine,
    about:
      'The add, edit and copy reservation dialog: edit and validate, save, the conflict (16201) and changed-meanwhile (16202) answers, closing with the unsaved-data question.',
  },
  reservationRemoval: {
    machine: reservationRemovalMachine,
    about:
      'Deleting a reservation: the reserver confirms (this occurrence or the series), an admin gives a comment; then the deletion.',
  },
  savedView: {
    machine: createSavedViewMachine(),
    about: 'Saved views of a grid: load, switch, create, update, share, default, delete, hide.',
  },
  unsavedGuard: { machine: unsavedGuardMachine, about: 'The unsaved-data and unsaved-view guard on leaving a page.' },
};
