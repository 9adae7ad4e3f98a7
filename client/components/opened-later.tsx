import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Overlay } from './modal';

/** The code of a dialog did not come (the kitchen's Wi-Fi dropped before the app was kept for offline use). */
class CodeNotLoaded extends Error {}

function Coming() {
  const { t } = useTranslation();
  return <Overlay message={t('common.loading')} />;
}

function NotLoaded({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <div className="overlay" role="alertdialog" aria-label={t('ruleMessages.unreachable')}>
      <div className="overlay-box overlay-box-said">
        <p>{t('ruleMessages.unreachable')}</p>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </div>
  );
}

/**
 * A dialog (or a panel) whose code loads when it is first opened, not with its page: the page's first load on a
 * slow link carries only what it shows. Until the code is there, a veil with a spinner says it is coming; if it
 * cannot come, the veil says so, and the next opening tries again.
 */
export function openedLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const make = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (cause: unknown) => {
          throw new CodeNotLoaded(String(cause));
        },
      ),
    );
  let Lazy = make();

  // Only a failed load is caught here: any other error goes on to where it went before.
  class Catch extends Component<
    { onClose?: () => void; children: ReactNode },
    { error: unknown; closed: boolean }
  > {
    override state = { error: null as unknown, closed: false };
    static getDerivedStateFromError(error: unknown) {
      return { error };
    }
    override componentDidCatch(error: unknown) {
      if (error instanceof CodeNotLoaded) Lazy = make();
    }
    override render() {
      const { error, closed } = this.state;
      if (error === null) return this.props.children;
      if (!(error instanceof CodeNotLoaded)) throw error;
      if (closed) return null;
      return (
        <NotLoaded
          onClose={() => (this.props.onClose ? this.props.onClose() : this.setState({ closed: true }))}
        />
      );
    }
  }

  return function OpenedLater(props: P) {
    return (
      <Catch onClose={(props as { onClose?: () => void }).onClose}>
        <Suspense fallback={<Coming />}>
          <Lazy {...props} />
        </Suspense>
      </Catch>
    );
  };
}
