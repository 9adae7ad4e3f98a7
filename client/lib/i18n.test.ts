import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addScreen, MenuError, type MenuTree } from '../../shared/domain/menu';
import { ovenNameIssue } from '../../shared/domain/oven';
import { OVEN_MODELS, type OvenModel, ovenModel } from '../../shared/domain/oven-models';
import { roleWord } from '../../shared/domain/permissions';
import { type RecipeFields, recipeNameIssue } from '../../shared/domain/recipe';
import { convertRecipe } from '../../shared/domain/recipe-convert';
import { reseal } from '../../shared/domain/settings-file/golden';
import { parseSettings } from '../../shared/domain/settings-file/parse';
import { problemLine, problemsSummary } from '../../shared/domain/settings-file/problems';
import {
  STAGE_DEFAULTS,
  type Stage,
  stageIssues,
  stagesIssues,
  tempRangeMessage,
} from '../../shared/domain/stage';
import { countSaid } from '../../shared/domain/words';
import de from '../../shared/i18n/locales/de.json';
import es from '../../shared/i18n/locales/es.json';
import { degrees, listOf, said } from '../../shared/i18n/said';
import { i18n, loadRest, say, textOf } from './i18n';

i18n.addResourceBundle('es', 'translation', es);
i18n.addResourceBundle('de', 'translation', de);
// What is said is read once the rest of the catalogue has come, as after any route's first load.
beforeAll(() => loadRest());
afterAll(() => i18n.changeLanguage('en'));

describe('what the shared rules say, on screen', () => {
  it('says a rule in the screens language', async () => {
    await i18n.changeLanguage('es');
    expect(say(said('rules.setTempZero'))).toBe('La temperatura fijada no puede ser 0.');
  });

  it('suggests the German way to write an umlaut plainly to a German reader', async () => {
    await i18n.changeLanguage('de');
    expect(say(recipeNameIssue('Käse')!)).toContain('„ä“');
    expect(say(recipeNameIssue('Käse')!)).toContain('„ae“');
  });

  it('says the refused character with its suggestion', async () => {
    await i18n.changeLanguage('es');
    expect(say(recipeNameIssue('Crème')!)).toBe(
      `${es.rules.recipeNameCharset} «è» no se puede mostrar en el horno; use «e».`,
    );
    // Two sentences, each with its stop (the catalogue's rule text has none of its own).
    expect(say(ovenNameIssue('Oven #1')!)).toBe(`${es.rules.ovenName}. «#» no se puede mostrar en el horno.`);
  });

  it('shows a refusal from elsewhere by its English when it says nothing by key', async () => {
    await i18n.changeLanguage('es');
    expect(textOf({ message: 'Something the server said.' })).toBe('Something the server said.');
  });
});

describe("the trail's lines", () => {
  it('names the locations a member was given or had taken in the reader’s language', async () => {
    await i18n.changeLanguage('de');
    expect(
      say(said('ruleMessages.gaveNamedLocations', { user: 'sam', n: 4, places: 'North, South, Quay, …' })),
    ).toBe('sam 4 Standorte zugewiesen: North, South, Quay, …');
    expect(say(said('ruleMessages.gaveLocation', { user: 'sam', place: 'North' }))).toBe(
      'sam den Standort North zugewiesen',
    );
    expect(
      say(said('ruleMessages.madeRole', { user: 'ana', role: roleWord('manager'), was: roleWord('crew') })),
    ).toBe('ana ist jetzt Manager (vorher Mitarbeiter)');
  });
});

describe('what the shared rules say with values', () => {
  it('carries the values of a rule over to its translation', async () => {
    await i18n.changeLanguage('de');
    expect(say(tempRangeMessage(ovenModel('Matchbox 1718/1313')))).toMatch(
      /^Die Temperatur muss zwischen \d+ und \d+ °F liegen\.$/,
    );
  });

  it('says a range in °C to a reader of °C, rounded inwards', async () => {
    await i18n.changeLanguage('de');
    expect(say(tempRangeMessage(ovenModel('Matchbox 1718/1313')), 'C')).toBe(
      'Die Temperatur muss zwischen 122 und 273 °C liegen.',
    );
  });

  it('says a step in °C as about its nearest degree, and a value in the reader unit', async () => {
    await i18n.changeLanguage('en');
    const step = said('ruleMessages.reasonStep', { step: degrees(50, 'step'), n: 1, type: 'MiSA' });
    expect(say(step, 'C')).toBe('within about 28 °C of stage 1 on the MiSA');
    expect(say(step, 'F')).toBe('within 50 °F of stage 1 on the MiSA');
    expect(say(said('ruleParts.changeSetTemp', { before: degrees(450), after: degrees(500) }), 'C')).toBe(
      'set temp 232 °C → 260 °C',
    );
  });

  it('says in German that a model has no microwave, infrared or force vent', async () => {
    await i18n.changeLanguage('de');
    const conveyor = ovenModel('Conveyor 2600/2000/1400');
    const stage: Stage = {
      ...STAGE_DEFAULTS,
      order: 1,
      minutes: '01',
      temp: conveyor.minTemp,
      microwave_percent: 20,
      ir_lvl_top: 'LOW',
      force_vent_open: true,
    };
    const shown = stageIssues(stage, undefined, conveyor).map((i) => textOf(i));
    expect(shown).toEqual(
      expect.arrayContaining([
        `${conveyor.type}-Öfen haben keine Mikrowelle: lassen Sie sie auf 0.`,
        `${conveyor.type}-Öfen haben kein Infrarot: lassen Sie es auf AUS.`,
        `${conveyor.type}-Öfen haben keine Zwangsentlüftung.`,
      ]),
    );
  });

  it('says in German how many stages a model takes', async () => {
    await i18n.changeLanguage('de');
    const stage = (order: number): Stage => ({ ...STAGE_DEFAULTS, order, minutes: '01', temp: 450 });
    const shown = (model: OvenModel) => stagesIssues([1, 2, 3, 4].map(stage), model).map((i) => textOf(i));
    const one = OVEN_MODELS.find((m) => m.maxStages === 1)!;
    const few = OVEN_MODELS.find((m) => m.maxStages > 1 && m.maxStages < 4)!;
    expect(shown(one)).toContain(`${one.type}-Rezepte haben höchstens 1 Stufe.`);
    expect(shown(few)).toContain(`${few.type}-Rezepte haben höchstens ${few.maxStages} Stufen.`);
  });

  it('says a menu rule in German', async () => {
    await i18n.changeLanguage('de');
    const model = OVEN_MODELS.find((m) => m.maxScreens === 1)!;
    const tree: MenuTree = { screens: [{ id: 1, buttons: [] }] };
    const error = (() => {
      try {
        addScreen(tree, model);
      } catch (e) {
        return e as MenuError;
      }
    })();
    expect(error).toBeInstanceOf(MenuError);
    expect(say(error!.said)).toBe(`Ein ${model.type} hat einen Hauptbildschirm.`);
  });

  // A recipe that every other model must change in every way a conversion can.
  const stage = (order: number, temp: number): Stage => ({
    order,
    hours: '00',
    minutes: '59',
    seconds: '30',
    temp,
    percent_air_top: 50,
    percent_air_bottom: 50,
    blower_percent: 50,
    microwave_percent: 60,
    ir_lvl_top: 'HIGH',
    ir_lvl_bottom: 'HIGH',
    force_vent_open: true,
  });
  const everything: RecipeFields = {
    name: 'A very long recipe name that no oven keeps whole',
    oven_type: 'none',
    product_name: '',
    set_temp: 999,
    category: 'Pizza',
    starting_state: null,
    icon: 'ICON_PIZZA',
    stages: [stage(1, 100), stage(2, 700), stage(3, 100), stage(4, 700)],
    events: [{ name: 'Late', minutes: 500, seconds: 1 }],
  };

  it.each(OVEN_MODELS.flatMap((m) => [[m.type, 'F'] as const, [m.type, 'C'] as const]))(
    'says every line of a conversion to the %s in German, in °%s',
    async (type, unit) => {
      await i18n.changeLanguage('de');
      const lines = convertRecipe(everything, ovenModel(type)).changes.map((c) => say(c.said, unit));
      expect(lines.length).toBeGreaterThan(3);
      for (const line of lines) {
        expect(line).not.toMatch(/\{\{|\b(the|stage|within|about)\b/);
        if (unit === 'C') expect(line).not.toMatch(/°F/);
      }
    },
  );
});

describe('what the server says a change did', () => {
  it.each([
    [
      said('ruleMessages.moved', {
        label: said('ruleParts.category', { name: 'Sides' }),
        from: said('ruleParts.screenSlot', { n: 1, slot: 2 }),
        to: said('ruleParts.slot', { n: 5 }),
      }),
      'Kategorie Sides von Bildschirm 1, Platz 2 nach Platz 5 verschoben',
    ],
    [
      said('ruleMessages.gaveIcon', { name: 'Pizza', icon: said('icons.ICON_BREAD') }),
      'Pizza hat jetzt das Symbol Brot',
    ],
    [
      said('ruleMessages.coloured', { name: 'Pizza', color: said('colors.LIGHT_ORANGE') }),
      'Pizza jetzt in Hellorange',
    ],
    [
      said('ruleMessages.undid', {
        what: said('ruleMessages.addedPage', { n: 2, name: 'Mittag' }),
      }),
      'Rückgängig gemacht: Seite 2 zur Kategorie Mittag hinzugefügt',
    ],
    [
      said('ruleMessages.deletedPlace', {
        place: said('ruleParts.screen', { n: 2 }),
        buttons: countSaid(3, 'button'),
      }),
      'Gelöscht: Bildschirm 2 mit 3 Tasten',
    ],
    [
      said('ruleMessages.downloadedZip', { ovens: countSaid(12, 'oven'), stick: 3 }),
      'Einstellungsdatei in einem ZIP mit 12 Öfen heruntergeladen (USB-Stick 3)',
    ],
    [
      said('ruleMessages.sentences', {
        sentences: listOf(
          [
            said('ruleMessages.menuReplacedSaved', { name: 'Lunch v3' }),
            said('ruleMessages.menuKeptAs', {
              name: said('ruleMessages.versionBefore', { template: 'Lunch', n: 3 }),
            }),
          ],
          ' ',
        ),
      }),
      'Menü ersetzt und als Version „Lunch v3“ gespeichert. Sein bisheriges Menü bleibt als Version „Vor Lunch v3“ erhalten.',
    ],
  ])('%j', async (what, german) => {
    await i18n.changeLanguage('de');
    expect(say(what)).toBe(german);
  });
});

describe("a refused settings file's problems on screen", () => {
  const milo = readFileSync(
    new URL('../../shared/domain/settings-file/fixtures/example-milo.rcp', import.meta.url),
    'utf8',
  );
  // One broken file per kind of problem the reader finds: header, END line, record order, fields, numbers, rules.
  const broken: [string, string][] = [
    ['an empty file', ''],
    ['a file of another model', milo.replace('HEARTH-RCP 1.0 MILO', 'HEARTH-RCP 1.0 MISA')],
    ['a damaged copy', milo.replace('Morning', 'Mornin')],
    ['a cut copy', milo.slice(0, milo.lastIndexOf('END '))],
    ['a stage time and vent', reseal(milo.replace('time=00:01:00', 'time=1m').replace('vent=1', 'vent=2'))],
    ['a temperature out of range', reseal(milo.replace('settemp=400', 'settemp=9999'))],
    ['a number that is not one', reseal(milo.replace('airtop=55', 'airtop=x'))],
    ['an unknown field', reseal(milo.replace('OVEN name=', 'OVEN colour=1 name='))],
    ['a stage numbered wrong', reseal(milo.replace('STAGE recipe=1 n=2', 'STAGE recipe=1 n=5'))],
    ['an unclosed quote', reseal(milo.replace('name="Rotate"', 'name="Rotate'))],
  ];
  // Words of the English messages that no translation keeps.
  const ENGLISH = /\b(must|the file|should|missing|found|unknown|expected|stage|line|column|number|holds)\b/i;

  it.each(broken)('reads %s in German, with its line, field and message', async (_, file) => {
    await i18n.changeLanguage('de');
    const result = parseSettings(file, { expectedType: 'MiLO/Double MiLO' });
    if (result.ok) throw new Error('expected the file to be refused');
    const shown = [problemsSummary(result.errors), ...result.errors.slice(0, 5).map(problemLine)].map((s) =>
      say(s),
    );
    expect(shown[0]).toMatch(/^(Zeile \d+, |Die Datei hat \d+ Probleme)/);
    for (const line of shown.slice(1)) expect(line).toMatch(/^Zeile \d+, Spalte \d+, /);
    for (const line of shown)
      expect(line.replace(/"[^"]*"|„[^“]*“|\b[A-Z]{2,}\b|\w+=\S*/g, '')).not.toMatch(ENGLISH);
  });
});

describe('no refusal is written in English to be matched', () => {
  // A sentence a person may read, written as English in the code: a quoted literal that starts with a capital and
  // ends like a sentence. What the rules, contracts and server say goes by key (shared/i18n/said.ts), so every
  // reader has it in their language; the English lives once, in the catalogue.
  const SENTENCE = /'([A-Z][^'\n]{8,}[.!?])'|`([A-Z$][^`\n]{8,}[.!?)])`/g;
  const read = (dir: URL, skip: RegExp) =>
    readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !skip.test(f))
      .flatMap((f) =>
        readFileSync(new URL(f, dir), 'utf8')
          .split('\n')
          // Comments say why; they are not said to anyone.
          .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
          .flatMap((line) => [...line.matchAll(SENTENCE)].map((m) => `${f}: ${m[1] ?? m[2]!}`)),
      );
  // Example recipes' words and the writer's internal errors; the operator's start-up and command-line messages,
  // logs and the API's own description are for the people who run Hearth, in English.
  const shared = read(new URL('../../shared/', import.meta.url), /examples\.ts$|writer\.ts$|locales/);
  const server = read(
    new URL('../../server/', import.meta.url),
    /^(config|main)\.ts$|^(cli|db|test|seed)\/|codec-pool\.ts$|\.routes\.ts$|\.pdf\.ts$|mail|openapi|schema/,
  );
  const NOT_SAID = [
    // An invariant that cannot break, and an error thrown to the developer.
    /has an unknown type|No handler for jobs/,
    // Log lines.
    /could not|A job failed/,
    // A folder's name, a catalogue key, a log's shortened value, SQL, a guide's file and the API's description.
    /: \$\{(base|prefix|s\.slice|users\.id|m\.fileName)\b/,
    /^app\.ts: Recipes, ovens and settings files\. /,
  ];

  it('finds none in the shared rules and contracts, nor in the server', () => {
    const english = [...shared, ...server].filter((line) => !NOT_SAID.some((p) => p.test(line)));
    expect(english).toEqual([]);
  });
});
