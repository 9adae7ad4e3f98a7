/**
 * An oven's touch-screen menu (spec §2.7, §3 screen, button, category; §9 limits) as one tree, and the whole
 * vocabulary around it: its shape (tree), finding and counting (queries), slots and capacities (slots), words for
 * places and buttons (labels), copying (map), the editor's operations (edits), every rule at once (rules) and what
 * changed between two menus (diff). The editor, the server, the settings-file codec and the PDFs all call these:
 * a rule exists once.
 *
 * Grid ovens (Conveyor, Matchbox, M360, Shuttle): up to 8 main screens of 8 slots; a category has 1–22 pages of 8
 * slots; slots may be empty. List ovens (MiLO, MiSA): one main screen of up to 32 buttons and, per category, one list
 * of up to 1,024 recipes, with no gaps; the oven shows them 6 at a time.
 */
export * from './diff';
export * from './edits';
export * from './errors';
export * from './labels';
export * from './map';
export * from './queries';
export * from './rules';
export * from './slots';
export * from './tree';
