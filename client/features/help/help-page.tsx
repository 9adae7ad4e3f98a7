import { useEffect } from 'react';
import { useLocation } from 'react-router';

const TOPICS = [
  { id: 'library-recipes', title: 'Search and download library recipes' },
  { id: 'upload-oven-recipes', title: 'Import the recipes from your oven' },
  { id: 'create-recipes', title: 'Create a recipe' },
  { id: 'my-recipes', title: 'Manage My Recipes' },
  { id: 'ovens', title: 'Manage your ovens' },
  { id: 'screens-categories', title: 'Screens, pages and categories' },
  { id: 'download-settings', title: 'Load settings onto an oven' },
  { id: 'fleet', title: 'Many ovens: versions, locations, templates' },
  { id: 'team', title: 'Your team: people, roles and who changed what' },
];

/** Spec §2.9: the guide to the menu builder; each topic has an anchor, upload-oven-recipes among them. */
export function HelpPage() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <article className="page help">
      <header className="page-header">
        <h1>Help</h1>
        <p className="muted">A guide to building recipes and oven menus.</p>
      </header>
      <nav className="card help-toc" aria-label="Help topics">
        <ol>
          {TOPICS.map((t) => (
            <li key={t.id}>
              <a href={`#${t.id}`}>{t.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <section id="library-recipes" className="card help-section">
        <h2>Search and download library recipes</h2>
        <p>
          The Recipes page holds the provider's library: recipes tested by our chefs for every oven model.
          Type in the search box to find a recipe by name, and narrow the list with the filters by oven and by
          food category (choose
          <em> All</em> to clear a filter).
        </p>
        <p>
          Open a recipe to see its stages, events and preparation. <strong>Duplicate</strong> saves a copy
          into My Recipes straight away and opens it; <strong>Edit</strong> opens a copy to change first,
          which is saved to My Recipes only when you press Save. <strong>Download PDF</strong> gives a
          printable sheet; <strong>Download All Recipes in PDF</strong> gives every recipe that matches your
          current search and filters.
        </p>
      </section>

      <section id="upload-oven-recipes" className="card help-section">
        <h2>Import the recipes from your oven</h2>
        <ol>
          <li>
            On the oven, copy its settings file to a USB stick (see the USB-transfer guide for your model on
            the Ovens page).
          </li>
          <li>
            Open <strong>My Ovens</strong> and press <strong>Import My Oven</strong>.
          </li>
          <li>
            Give the oven a name (up to 16 letters, digits, spaces, dashes or underscores), choose its type,
            and choose or drop the file. Matchbox, Shuttle and Conveyor ovens use an <code>.ai2</code> file;
            MiLO and MiSA ovens use an <code>.rcp</code> file.
          </li>
          <li>
            Press <strong>Import</strong>. Hearth checks every value in the file and shows how many recipes
            were imported and which were skipped. A recipe whose name and stages already exist for that oven
            type is skipped, so importing the same file twice does not create copies.
          </li>
        </ol>
        <p>
          A new oven recipe file must have three set temperatures. If a file cannot be read, Hearth tells you
          the line and the field that is wrong, and nothing is imported.
        </p>
      </section>

      <section id="create-recipes" className="card help-section">
        <h2>Create a recipe</h2>
        <ol>
          <li>
            In <strong>My Recipes</strong>, choose <strong>Create New Recipe</strong>. Name the recipe and
            choose the oven type. You can add a photo (PNG or JPEG); it is optional.
          </li>
          <li>
            Add from 1 to 3 cooking stages (a conveyor oven has one). Each stage needs at least 5 seconds and
            a temperature in the oven's range; each later stage must stay within 50 °F (Matchbox) or 25 °F
            (other ovens) of the stage before. You can add up to two cooking events, such as <em>Flip</em> or{' '}
            <em>Add cheese</em>.
          </li>
          <li>
            Fill in the specifications and preparation: product name, set temperature and category are
            required.
          </li>
          <li>
            Check the <strong>preview</strong>, then <strong>Save</strong>.
          </li>
        </ol>
      </section>

      <section id="my-recipes" className="card help-section">
        <h2>Manage My Recipes</h2>
        <p>
          My Recipes lists the recipes you created, duplicated or imported. Open one to edit, duplicate,
          delete or download it. To delete several at once, press <strong>Recipe Bulk Delete</strong>, tick
          the recipes, then press <strong>Delete Selected</strong>. Press it with nothing ticked to leave the
          selection.
        </p>
      </section>

      <section id="ovens" className="card help-section">
        <h2>Manage your ovens</h2>
        <p>
          On <strong>My Ovens</strong>, choose an oven from <strong>Select Oven</strong>, or add one with{' '}
          <strong>Add New Oven</strong>. Edit its name and warm-up profiles (up to three, none on a Conveyor
          oven), duplicate it for another kitchen, or delete it.
        </p>
      </section>

      <section id="screens-categories" className="card help-section">
        <h2>Screens, pages and categories</h2>
        <p>
          The editor draws each oven screen as the oven draws it. Press an empty slot and{' '}
          <strong>Add Recipe Here</strong> to place a recipe, or create a category to group recipes on pages
          of their own. Drag buttons to reorder them; mark favourites with the star; pick a button colour and
          an icon.
        </p>
        <ul>
          <li>
            <strong>MiLO / Double MiLO</strong> has one main screen with at most 32 categories and 1,024
            recipes per category; every 6 buttons form a screen on the oven. MiSA works the same way with one
            screen.
          </li>
          <li>
            Other ovens have several screens: add one with the <strong>Add New Screen</strong> link (up to 8).
            A category holds up to 22 pages, added with <strong>Add New Page</strong>.
          </li>
        </ul>
      </section>

      <section id="download-settings" className="card help-section">
        <h2>Load settings onto an oven</h2>
        <p>
          Press <strong>Download Oven Settings</strong> and copy the file to a USB stick for the oven's USB
          port. Loading it
          <strong> replaces the recipes on the oven</strong>, so check the menu first. You can also e-mail the
          settings, or the menu as a PDF, to a colleague with the share tiles.
        </p>
      </section>

      <section id="fleet" className="card help-section">
        <h2>Many ovens: versions, locations, templates</h2>
        <ul>
          <li>
            <strong>Versions</strong>: under an oven's menu, save the menu as a named version ("Spring menu").
            Compare it with the menu now, or restore it.
          </li>
          <li>
            <strong>Locations</strong> (Fleet → Locations): add one for each store and move its ovens in. The
            Ovens and Fleet pages then filter by store.
          </li>
          <li>
            <strong>Templates</strong> (Fleet → Templates): make a template of one oven's menu, then apply it
            to every oven of that model in a store, or to ovens you pick. Each oven gets the menu in its own
            step: if one fails, the others are still done, and the page says which. The template's page shows
            which ovens still match it and what was changed on the others.
          </li>
          <li>
            <strong>Fleet</strong>: every oven with the version it should run and what it was last seen
            running. Download the settings of a whole store as one zip, with a printable checklist of which
            USB stick goes to which oven. After loading a stick, press <strong>Mark loaded</strong>; importing
            a file copied off the oven tells Hearth for certain.
          </li>
        </ul>
      </section>

      <section id="team" className="card help-section">
        <h2>Your team: people, roles and who changed what</h2>
        <p>
          Your ovens, recipes, locations and templates belong to your team. On the Team page, invite people by
          e-mail and give each a role; they accept with the link in the mail.
        </p>
        <ul>
          <li>
            <strong>Owner</strong>: everything, including people, roles, renaming and deleting the team.
          </li>
          <li>
            <strong>Manager</strong>: everything on the ovens, recipes, menus, locations and templates;
            invites store managers and crew.
          </li>
          <li>
            <strong>Store manager</strong>: the ovens of their locations only: menus, versions, importing,
            downloading and sharing settings files.
          </li>
          <li>
            <strong>Crew</strong>: reads the menus of their locations and downloads their USB files and
            checklists.
          </li>
        </ul>
        <p>
          Owners and managers see who changed what, and when, by location and by person. Someone in several
          teams picks the one they work in from the navigation.
        </p>
      </section>
    </article>
  );
}
