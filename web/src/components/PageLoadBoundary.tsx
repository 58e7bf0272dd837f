import { Component, type ReactNode } from 'react';
import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

function PageLoadFailed() {
  const { t } = useTranslation();
  return (
    <div className="portal-centered" role="alert">
      <NonIdealState
        icon="refresh"
        title={t('page_load_failed_title')}
        description={t('page_load_failed_text')}
        action={<Button intent="primary" text={t('page_reload')} onClick={() => window.location.reload()} />}
      />
    </div>
  );
}

/**
 * A page that cannot be shown, mostly because its script is gone (the portal was redeployed since this tab loaded)
 * or the connection dropped while it loaded: say so and offer a reload, instead of an empty window. When `resetKey`
 * changes (another page is opened), it tries again.
 */
export class PageLoadBoundary extends Component<
  { resetKey?: string; children: ReactNode },
  { failed: boolean; resetKey?: string }
> {
  state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: { resetKey?: string }, state: { resetKey?: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <PageLoadFailed /> : this.props.children;
  }
}
