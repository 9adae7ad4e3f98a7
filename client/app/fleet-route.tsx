import { FleetPage } from '../features/ovens/fleet-page';
import { ZipDownload } from '../features/settings-files/zip-download';

/** The fleet page (ovens) with the zip download of the ovens shown (settings-files), composed here. */
export function FleetRoute() {
  return <FleetPage renderDownload={(props) => <ZipDownload {...props} />} />;
}
