import { Intent, type IconName } from '@blueprintjs/core';
import { getToaster } from './toaster';

/** A toast on the app's toaster: a tick when it reports success, otherwise `problemIcon`. */
export const showToast = (message: string, intent: Intent, problemIcon: IconName = 'warning-sign') =>
  void getToaster().then((toaster) =>
    toaster.show({ message, intent, icon: intent === Intent.SUCCESS ? 'tick' : problemIcon }),
  );
