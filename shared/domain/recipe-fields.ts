/**
 * The recipe's described fields (free text beyond its name, product and settings), one row each: the one list the
 * contract's limits and labels, the settings file's keys, the wizard's inputs, the detail page and the PDF, and
 * the database's columns are derived from. A new field is a row here, a column in server/db/schema/recipes.ts,
 * a label in the catalogues, and (the codec being unrolled for speed) a line in each of the codec's writer and
 * reader, which the round-trip test holds to this list.
 */
export const RECIPE_TEXT_FIELDS = [
  // `file`: the key in a settings file's RECIPE line, where these follow in this order (the format's, fixed).
  // `label`: the catalogue key the screens and PDFs name it by; `english`: the API's messages. `group`: where
  // the detail page, the PDF and the wizard show it, in this order.
  { key: 'dish_type', file: 'dish', label: 'pdf.dishType', english: 'Dish type', max: 40, group: 'specs' },
  { key: 'brand', file: 'brand', label: 'pdf.brand', english: 'Brand', max: 40, group: 'specs' },
  { key: 'sku', file: 'sku', label: 'pdf.sku', english: 'SKU', max: 40, group: 'specs' },
  { key: 'weight', file: 'weight', label: 'pdf.weight', english: 'Weight', max: 20, group: 'specs' },
  { key: 'quantity', file: 'quantity', label: 'pdf.quantity', english: 'Quantity', max: 20, group: 'specs' },
  {
    key: 'ingredients',
    file: 'ingredients',
    label: 'pdf.ingredients',
    english: 'Ingredients',
    max: 2000,
    group: 'preparation',
  },
  {
    key: 'outcome_attributes',
    file: 'attributes',
    label: 'pdf.outcomeAttributes',
    english: 'Outcome attributes',
    max: 1000,
    group: 'preparation',
  },
  {
    key: 'procedure',
    file: 'procedure',
    label: 'pdf.procedure',
    english: 'Procedure',
    max: 4000,
    group: 'preparation',
  },
  {
    key: 'outcome',
    file: 'outcome',
    label: 'pdf.outcome',
    english: 'Outcome',
    max: 1000,
    group: 'preparation',
  },
] as const;

export type RecipeTextField = (typeof RECIPE_TEXT_FIELDS)[number];
export type RecipeTextKey = RecipeTextField['key'];
/** The described fields' values: every one a string ('' when not given). */
export type RecipeTexts = Record<RecipeTextKey, string>;

/** The fields of one group, in their order. */
export const textFieldsOf = (group: RecipeTextField['group']) =>
  RECIPE_TEXT_FIELDS.filter((f) => f.group === group);

/** The described fields of a recipe, taken from anything that has them (a detail, a form's values, a row). */
export function textsOf(source: Readonly<Record<RecipeTextKey, string>>): RecipeTexts {
  const out = {} as RecipeTexts;
  for (const f of RECIPE_TEXT_FIELDS) out[f.key] = source[f.key];
  return out;
}

/** Empty described fields, for a new recipe. */
export const emptyTexts = (): RecipeTexts =>
  Object.fromEntries(RECIPE_TEXT_FIELDS.map((f) => [f.key, ''])) as RecipeTexts;

/** The product name's limit: it is required, and written in its own place in a settings file, so not a row above. */
export const PRODUCT_NAME_MAX = 40;
