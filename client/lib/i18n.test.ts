import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MIN_MESSAGE, USERNAME_CHARSET_MESSAGE } from '../../shared/contracts/auth';
import { addScreen, type MenuTree } from '../../shared/domain/menu';
import { MESSAGES } from '../../shared/domain/messages';
import { ovenNameIssue } from '../../shared/domain/oven';
import { OVEN_MODELS, type OvenModel, ovenModel } from '../../shared/domain/oven-models';
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
import { messageInUnit } from '../../shared/domain/temperature';
import de from '../../shared/i18n/locales/de.json';
import en from '../../shared/i18n/locales/en.json';
import es from '../../shared/i18n/locales/es.json';
import { i18n, loadRest, translateMessage } from './i18n';

i18n.addResourceBundle('es', 'translation', es);
i18n.addResourceBundle('de', 'translation', de);
// The rules' messages are read once the rest of the catalogue has come, as after any route's first load.
beforeAll(() => loadRest());
afterAll(() => i18n.changeLanguage('en'));

describe('messages of the shared rules on screen', () => {
  it('has every message of the rules in the catalogue, word for word', () => {
    const texts = Object.values(en.rules);
    for (const m of [...Object.values(MESSAGES), PASSWORD_MIN_MESSAGE, USERNAME_CHARSET_MESSAGE])
      expect(texts).toContain(m);
  });

  it('shows a rule message in the screens language', async () => {
    await i18n.changeLanguage('es');
    expect(translateMessage(MESSAGES.setTempZero)).toBe('La temperatura fijada no puede ser 0.');
  });

  it('suggests the German way to write an umlaut plainly to a German reader', async () => {
    await i18n.changeLanguage('de');
    expect(translateMessage(recipeNameIssue('Käse')!)).toContain('„ä“');
    expect(translateMessage(recipeNameIssue('Käse')!)).toContain('„ae“');
  });

  it('translates the refused character with its suggestion', async () => {
    await i18n.changeLanguage('es');
    expect(translateMessage(recipeNameIssue('Crème')!)).toBe(
      `${es.rules.recipeNameCharset} «è» no se puede mostrar en el horno; use «e».`,
    );
    // Two sentences, each with its stop (the catalogue's rule text has none of its own).
    expect(translateMessage(ovenNameIssue('Oven #1')!)).toBe(
      `${es.rules.ovenName}. «#» no se puede mostrar en el horno.`,
    );
  });

  it('leaves a message it does not know as it came', async () => {
    await i18n.changeLanguage('es');
    expect(translateMessage('Something the server said.')).toBe('Something the server said.');
  });
});

describe("the trail's lines", () => {
  it('names the locations a member was given or had taken in the reader’s language, not mistaken for an icon given', async () => {
    await i18n.changeLanguage('de');
    expect(translateMessage('Gave sam 4 locations: North, South, Quay, …')).toBe(
      'sam 4 Standorte zugewiesen: North, South, Quay, …',
    );
    expect(translateMessage('Gave sam the location North')).toBe('sam den Standort North zugewiesen');
    expect(translateMessage('Took 2 locations from sam: North, Quay')).toBe(
      'sam 2 Standorte entzogen: North, Quay',
    );
    // A line written before names were given still reads.
    expect(translateMessage('Gave sam 4 locations')).toBe('sam 4 Standorte zugewiesen');
  });
});

describe('messages of the shared rules with values', () => {
  it('carries the values of a rule message over to its translation', async () => {
    await i18n.changeLanguage('de');
    expect(translateMessage(tempRangeMessage(ovenModel('Matchbox 1718/1313')))).toMatch(
      /^Die Temperatur muss zwischen \d+ und \d+ °F liegen\.$/,
    );
  });

  it('translates a range shown in °C the same way', async () => {
    await i18n.changeLanguage('de');
    const message = messageInUnit(tempRangeMessage(ovenModel('Matchbox 1718/1313')), 'C');
    expect(translateMessage(message)).toMatch(/^Die Temperatur muss zwischen \d+ und \d+ °C liegen\.$/);
  });

  it('says in German that a model has no microwave, infrared or force vent (they read English once)', async () => {
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
    const said = stageIssues(stage, undefined, conveyor).map((i) => translateMessage(i.message));
    expect(said).toEqual(
      expect.arrayContaining([
        `${conveyor.type}-Öfen haben keine Mikrowelle: lassen Sie sie auf 0.`,
        `${conveyor.type}-Öfen haben kein Infrarot: lassen Sie es auf AUS.`,
        `${conveyor.type}-Öfen haben keine Zwangsentlüftung.`,
      ]),
    );
  });

  it('says in German how many stages, screens and categories a model takes (they read English once)', async () => {
    await i18n.changeLanguage('de');
    const stage = (order: number): Stage => ({ ...STAGE_DEFAULTS, order, minutes: '01', temp: 450 });
    const said = (model: OvenModel) =>
      stagesIssues([1, 2, 3, 4].map(stage), model).map((i) => translateMessage(i.message));
    const one = OVEN_MODELS.find((m) => m.maxStages === 1)!;
    const few = OVEN_MODELS.find((m) => m.maxStages > 1 && m.maxStages < 4)!;
    expect(said(one)).toContain(`${one.type}-Rezepte haben höchstens 1 Stufe.`);
    expect(said(few)).toContain(`${few.type}-Rezepte haben höchstens ${few.maxStages} Stufen.`);
    for (const sample of [
      'Matchbox 1718/1313 ovens have at most 8 screens.',
      'MiLO/Double MiLO ovens have at most 1 screen.',
      'MiLO/Double MiLO ovens have at most 32 categories.',
    ])
      expect(translateMessage(sample)).not.toBe(sample);
  });

  it('translates a menu rule the server answers with', async () => {
    await i18n.changeLanguage('de');
    const model = OVEN_MODELS.find((m) => m.maxScreens === 1)!;
    const tree: MenuTree = { screens: [{ id: 1, buttons: [] }] };
    const error = (() => {
      try {
        addScreen(tree, model);
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(translateMessage(error!)).toBe(`Ein ${model.type} hat einen Hauptbildschirm.`);
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
    'translates every line of a conversion to the %s in °%s',
    async (type, unit) => {
      await i18n.changeLanguage('de');
      const lines = convertRecipe(everything, ovenModel(type)).changes.map((c) =>
        messageInUnit(c.message, unit),
      );
      expect(lines.length).toBeGreaterThan(3);
      for (const line of lines) {
        const shown = translateMessage(line);
        expect(shown, line).not.toBe(line);
        expect(shown, line).not.toMatch(/\{\{|\b(the|stage|within|about)\b/);
      }
    },
  );
});

describe('what the server says a change did', () => {
  it.each([
    [
      'Moved category Sides from screen 1, slot 2 to slot 5',
      'Kategorie Sides von Bildschirm 1, Platz 2 nach Platz 5 verschoben',
    ],
    [
      'Moved Pizza from category Sides, page 2, slot 1 to screen 3, slot 4',
      'Pizza von Kategorie Sides, Seite 2, Platz 1 nach Bildschirm 3, Platz 4 verschoben',
    ],
    ['Gave Pizza the Bread icon', 'Pizza hat jetzt das Symbol Brot'],
    ['Coloured Pizza light orange', 'Pizza jetzt in Hellorange'],
    ['Coloured Bacon Strips dark grey', 'Bacon Strips jetzt in Dunkelgrau'],
    ['Gave Bacon the Bread icon', 'Bacon hat jetzt das Symbol Brot'],
    [
      'Undid: Added page 2 to category Mittag',
      'Rückgängig gemacht: Seite 2 zur Kategorie Mittag hinzugefügt',
    ],
    ['Deleted screen 2 and its 3 buttons', 'Gelöscht: Bildschirm 2 mit 3 Tasten'],
    ['Made ana manager (was crew)', 'ana ist jetzt Manager (vorher Mitarbeiter)'],
    ['Imported Mittag from MATCHBOX.AI2', 'Mittag aus MATCHBOX.AI2 importiert'],
    [
      'Downloaded the settings file in a zip of 12 ovens (USB stick 3)',
      'Einstellungsdatei in einem ZIP mit 12 Öfen heruntergeladen (USB-Stick 3)',
    ],
    [
      'Button "Pizza" moved from screen 1, slot 1 to screen 2, slot 4.',
      'Taste "Pizza" verschoben von Bildschirm 1, Platz 1 nach Bildschirm 2, Platz 4.',
    ],
    [
      'Recipe "Pizza" changed: set temp 400 °F → 425 °F; stage 2 air top 50 % → 60 %; stage 1 force vent closed → open; events.',
      'Rezept „Pizza“ geändert: Solltemperatur 400 °F → 425 °F; Stufe 2, Luft oben 50 % → 60 %; Stufe 1, Zwangsentlüftung geschlossen → offen; Ereignisse.',
    ],
    [
      'Button "Pizza" on screen 1, slot 2: new colour; made a favourite.',
      'Taste "Pizza" auf Bildschirm 1, Platz 2: neue Farbe; zum Favoriten gemacht.',
    ],
    ['Before Lunch v3', 'Vor Lunch v3'],
    [
      'Menu replaced and saved as version "Lunch v3". The menu it had is kept as version "Before Lunch v3".',
      'Menü ersetzt und als Version „Lunch v3“ gespeichert. Sein bisheriges Menü bleibt als Version „Vor Lunch v3“ erhalten.',
    ],
  ])('%s', async (english, german) => {
    await i18n.changeLanguage('de');
    expect(translateMessage(english)).toBe(german);
  });

  it('leaves a name that looks like a place alone when it is the whole message', async () => {
    await i18n.changeLanguage('de');
    expect(translateMessage('screen 2')).toBe('screen 2');
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
    const shown = [problemsSummary(result.errors), ...result.errors.slice(0, 5).map(problemLine)].map(
      translateMessage,
    );
    expect(shown[0]).toMatch(/^(Zeile \d+, |Die Datei hat \d+ Probleme)/);
    for (const line of shown.slice(1)) expect(line).toMatch(/^Zeile \d+, Spalte \d+, /);
    for (const line of shown)
      expect(line.replace(/"[^"]*"|„[^“]*“|\b[A-Z]{2,}\b|\w+=\S*/g, '')).not.toMatch(ENGLISH);
  });
});

describe('every message the shared rules and contracts write', () => {
  // Sentences in shared/ a person may read: a quoted literal starting with a capital and ending like a sentence.
  // Each `${…}` stands for a value; "7" fits any value a pattern takes.
  const root = new URL('../../shared/', import.meta.url);
  const files = ['domain', 'contracts'].flatMap((dir) =>
    readdirSync(new URL(`${dir}/`, root), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      // Example recipes' words, and the writer's internal errors, are not messages.
      .filter((f) => !/examples\.ts$|writer\.ts$/.test(f))
      .map((f) => new URL(`${dir}/${f}`, root)),
  );
  // Written with a value a sample cannot stand for ("infrared top"/"bottom"); their lines are tested above.
  const WITH_WORD_VALUES = [/^Stage \$\{n\} infrared \$\{side\}/];
  const sentences = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/'([A-Z][^'\n]{8,}[.!?])'|`([A-Z][^`\n]{8,}[.!?)])`/g)]
      .map((m) => (m[1] ?? m[2]!).replaceAll('\\\\', '\\'))
      .filter((text) => !WITH_WORD_VALUES.some((p) => p.test(text))),
  );

  it('finds the sentences it checks', () => {
    expect(sentences).toContain('Product name is required.');
    expect(sentences.length).toBeGreaterThan(150);
  });

  // And every sentence of the server's own (not its start-up and operator messages): its errors' words, and the
  // subject of a NotFoundError ("Recipe" reads "Recipe not found.").
  const server = new URL('../../server/', import.meta.url);
  const OPERATOR =
    /^(config|main)\.ts$|^(cli|db|test|seed)\/|request-user\.ts$|job-runner\.ts$|codec-pool\.ts$/;
  const NOT_FOR_PEOPLE = [
    // The API's own description, a log line, SQL, a file name and an oven's place in a list.
    /^Recipes, ovens and settings files\.$/,
    /^Import an oven from its settings file/,
    /^Sharing sends an e-mail, so it is a POST/,
    /^\$\{(s\.slice|users\.id|m\.fileName|u\.ovenName)/,
    // Built from a list of the recipe's uses (each said on the menu by its button), and a broken invariant.
    /^\$\{lines\.join/,
    /has an unknown type/,
    // The oven check's summary: the screen writes it from the result's parts (version, date, differences).
    /^This is version|^This is the file downloaded|^Hearth did not hand out|^This file was not downloaded from Hearth/,
  ];
  const serverSentences = readdirSync(server, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !OPERATOR.test(f))
    .flatMap((f) => {
      const text = readFileSync(new URL(f, server), 'utf8');
      return [
        ...[...text.matchAll(/NotFoundError\(\s*'([^'\n]+)'/g)].map((m) => `${m[1]} not found.`),
        ...[...text.matchAll(/'([A-Z][^'\n]{8,}[.!?])'|`([A-Z$][^`\n]{8,}[.!?)])`/g)].map(
          (m) => m[1] ?? m[2]!,
        ),
      ];
    })
    .filter((text) => !NOT_FOR_PEOPLE.some((p) => p.test(text)));

  it('has each of them in German', async () => {
    await i18n.changeLanguage('de');
    expect(serverSentences).toContain('Recipe not found.');
    expect(serverSentences.length).toBeGreaterThan(100);
    const english = [...sentences, ...serverSentences].filter((text) => {
      const sample = text.replace(/\$\{[^}]*\}/g, '7');
      return translateMessage(sample) === sample;
    });
    expect(english).toEqual([]);
  });
});
