import { Icon, Intent, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CAPTURE_STATUSES, CONNECTION_STATUSES } from '../../../../../contract/equipment';

type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
type CaptureStatus = (typeof CAPTURE_STATUSES)[number];

interface StatusLook {
  icon: IconName;
  intent: Intent;
  /** Key of the status's name in the utilization namespace. */
  key: string;
}

/** Spec 2 section 4: the three connection statuses; any other text is a connection error. */
const CONNECTION: Record<ConnectionStatus, StatusLook> = {
  Connected: { icon: 'link', intent: Intent.SUCCESS, key: 'conn_connected' },
  'Never Connected': { icon: 'disable', intent: Intent.NONE, key: 'conn_never' },
  'Not connected': { icon: 'offline', intent: Intent.WARNING, key: 'conn_not' },
};
const CONNECTION_ERROR: StatusLook = { icon: 'error', intent: Intent.DANGER, key: 'conn_error' };

/** Spec 2 section 4: each data capture status with its own icon. */
const CAPTURE: Record<CaptureStatus, StatusLook> = {
  Inactive: { icon: 'pause', intent: Intent.NONE, key: 'capture_inactive' },
  Normal: { icon: 'tick-circle', intent: Intent.SUCCESS, key: 'capture_normal' },
  'Never Captured': { icon: 'circle', intent: Intent.NONE, key: 'capture_never' },
  Warning: { icon: 'warning-sign', intent: Intent.WARNING, key: 'capture_warning' },
  Critical: { icon: 'error', intent: Intent.DANGER, key: 'capture_critical' },
};
const CAPTURE_UNKNOWN: StatusLook = { icon: 'help', intent: Intent.NONE, key: 'capture_unknown' };

const lookOf = <S extends string>(table: Record<S, StatusLook>, status: string, other: StatusLook) =>
  Object.hasOwn(table, status) ? table[status as S] : other;

/**
 * A status as an icon named for screen readers, and its name beside it (hidden from them: the icon says it). An
 * unknown status shows the server's text after the icon that says what kind of status it stands for.
 */
function StatusWithIcon({ look, status }: { look: StatusLook; status: string }) {
  const { t } = useTranslation();
  const label = t(`utilization:${look.key}`);
  const known = look !== CONNECTION_ERROR && look !== CAPTURE_UNKNOWN;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <span role="img" aria-label={label} title={label} style={{ display: 'inline-flex' }}>
        <Icon icon={look.icon} intent={look.intent} />
      </span>
      {known ? <span aria-hidden="true">{label}</span> : <span>{status}</span>}
    </span>
  );
}

/** The connection status of the monitored asset with its icon; empty when the server has none. */
export function ConnectionStatus({ status }: { status: string | null }) {
  if (!status) return null;
  return <StatusWithIcon look={lookOf(CONNECTION, status, CONNECTION_ERROR)} status={status} />;
}

/** The data capture status of the monitored asset with its icon; empty when the server has none. */
export function CaptureStatus({ status }: { status: string | null }) {
  if (!status) return null;
  return <StatusWithIcon look={lookOf(CAPTURE, status, CAPTURE_UNKNOWN)} status={status} />;
}
