import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { can } from '../../shared/domain/permissions';
import { SectionTabs } from '../components/section-tabs';
import { FleetPage } from '../features/chains/fleet-page';
import { LocationsPage } from '../features/chains/locations-page';
import { TemplatePage } from '../features/chains/template-page';
import { TemplatesPage } from '../features/chains/templates-page';
import { ovenKeys } from '../features/ovens/ovens-api';
import { MarkLoaded } from '../features/settings-files/mark-loaded';
import { ZipDownload } from '../features/settings-files/zip-download';
import { useCurrentUser } from '../lib/current-user';
import { NotFoundPage } from './not-found-page';

const TABS = [
  { to: '/fleet', key: 'fleetPage.tabs.ovens', end: true },
  { to: '/fleet/locations', key: 'fleetPage.tabs.locations' },
  { to: '/fleet/templates', key: 'fleetPage.tabs.templates' },
] as const;

function FleetSection({ children }: { children: ReactNode }) {
  // Crew read menus, not templates: their Fleet section has no Templates tab.
  const templates = can(useCurrentUser().user, 'templates.read');
  const { t } = useTranslation();
  const tabs = TABS.filter((tab) => templates || tab.to !== '/fleet/templates').map(({ key, ...tab }) => ({
    ...tab,
    label: t(key),
  }));
  return (
    <>
      <SectionTabs label={t('fleetPage.title')} tabs={tabs} />
      {children}
    </>
  );
}

/** Tells the ovens feature's caches that menus or "last seen" changed elsewhere (a template, a loaded file). */
function useFleetChanged() {
  const queryClient = useQueryClient();
  // The fleet page's and locations' keys sit under the ovens' key.
  return () => queryClient.invalidateQueries({ queryKey: ovenKeys.all });
}

/** The fleet page (ovens) with the zip download of the ovens shown and "mark loaded" (settings-files). */
export function FleetRoute() {
  const changed = useFleetChanged();
  return (
    <FleetSection>
      <FleetPage
        renderDownload={(props) => <ZipDownload {...props} />}
        renderLoaded={(oven) => <MarkLoaded oven={oven} onLoaded={changed} />}
      />
    </FleetSection>
  );
}

export function LocationsRoute() {
  return (
    <FleetSection>
      <LocationsPage
        renderDownload={(location) => <ZipDownload ovenIds={[]} locationId={location.id} compact />}
      />
    </FleetSection>
  );
}

/** Templates (menus) pick from the ovens and locations of the ovens feature, handed in here. */
export function TemplatesRoute() {
  return (
    <FleetSection>
      <TemplatesPage />
    </FleetSection>
  );
}

export function TemplateRoute() {
  const id = Number(useParams().id);
  const changed = useFleetChanged();
  if (!Number.isInteger(id) || id < 1) return <NotFoundPage />;
  return (
    <FleetSection>
      <TemplatePage key={id} id={id} onApplied={changed} />
    </FleetSection>
  );
}
