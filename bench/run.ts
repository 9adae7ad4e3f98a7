/** `npm run bench`: every benchmark, each reported beside a baseline measured in the same run. */
import { adminBench } from './admin.bench';
import { apiTokensBench } from './api-tokens.bench';
import { bundleBench } from './bundle.bench';
import { chainFilesBench } from './chain-files.bench';
import { editorBench } from './editor.bench';
import { fleetBench } from './fleet.bench';
import { importBench } from './import.bench';
import { lighthouseBench } from './lighthouse.bench';
import { loadBench } from './load.bench';
import { menusBench } from './menus.bench';
import { neighbourBench } from './neighbour.bench';
import { recipesBench } from './recipes.bench';
import { processesBench, scaleBench } from './scale.bench';
import { settingsFileBench } from './settings-file.bench';
import { teamsBench } from './teams.bench';

const only = process.argv[2];
const benches: Record<string, () => Promise<void>> = {
  bundle: bundleBench,
  editor: editorBench,
  lighthouse: lighthouseBench,
  'settings-file': settingsFileBench,
  recipes: recipesBench,
  menus: menusBench,
  fleet: fleetBench,
  import: importBench,
  admin: adminBench,
  teams: teamsBench,
  'api-tokens': apiTokensBench,
  'chain-files': chainFilesBench,
  load: async () => {
    await loadBench();
  },
  neighbour: neighbourBench,
  scale: scaleBench,
  processes: processesBench,
};

for (const [name, run] of Object.entries(benches)) {
  if (only && only !== name) continue;
  // Parts of `scale`, and Lighthouse (fetched by npx), asked for alone by name.
  if (!only && (name === 'processes' || name === 'recipes' || name === 'lighthouse')) continue;
  await run();
}
