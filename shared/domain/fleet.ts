import { type Said, said } from '../i18n/said';
import { LIMITS } from './messages';
import { withoutHiddenCharacters } from './text';
/**
 * A chain's fleet: where its ovens stand, which named version each should run, and what each was last seen running.
 * Pure: the fleet page, the server's list and its filters all read these.
 */

export const LOCATION_NAME_MAX = 60;
export const LOCATION_ADDRESS_MAX = 200;
/** Locations one team keeps: a chain of a few thousand stores fits. */
export const LOCATION_LIMIT = 5000;
/** Locations on a page of the Locations page. */
export const LOCATIONS_PER_PAGE = 50;
export const TEMPLATE_NAME_MAX = 40;
export const TEMPLATE_LIMIT = 200;
/** Ovens in one zip download or one template application (each is a settings file or a transaction). */
export const FLEET_BATCH_MAX = 200;
/** Ovens one template application reaches, by ids or by location: it runs as a job, an oven at a time. */
export const TEMPLATE_APPLY_MAX = 1000;

export const FLEET_STATUSES = ['waiting', 'never_checked', 'up_to_date', 'no_version'] as const;
export type FleetStatus = (typeof FLEET_STATUSES)[number];

/**
 * An oven should run its newest named version. It is up to date when the last file seen on it (read from a file
 * copied off it, or a download a manager said was loaded) was that version; waiting when it was anything else.
 */
export function fleetStatus(input: {
  latestVersionId: number | null;
  seen: { versionId: number | null } | null;
}): FleetStatus {
  if (input.latestVersionId === null) return 'no_version';
  if (input.seen === null) return 'never_checked';
  return input.seen.versionId === input.latestVersionId ? 'up_to_date' : 'waiting';
}

/**
 * Whether the menu in Hearth is still the named version it was last made equal to: the oven's `version` counter
 * has not moved since (every menu, name and warm-up change moves it).
 */
export function editedSince(oven: {
  version: number;
  atVersionId: number | null;
  atOvenVersion: number | null;
  latestVersionId: number | null;
}): boolean {
  if (oven.latestVersionId === null) return false;
  return oven.atVersionId !== oven.latestVersionId || oven.atOvenVersion !== oven.version;
}

/**
 * A file was downloaded for the oven after it was last seen: it may be on a USB stick on its way, so the fleet
 * page offers "mark loaded" and says so.
 */
export function downloadNotSeen(seenAt: string | null, downloadedAt: string | null): boolean {
  if (downloadedAt === null) return false;
  return seenAt === null || Date.parse(seenAt) < Date.parse(downloadedAt);
}

/** The named version a template application saves on each oven: "<template> v<n>", within a version name's 40 characters. */
export function templateVersionName(name: string, version: number): string {
  const suffix = ` v${version}`;
  return `${name.slice(0, LIMITS.versionNameMax - suffix.length).trimEnd()}${suffix}`;
}

/**
 * The version that keeps an oven's menu as it was before a template replaced it ("Before Lunch v3"), unless that
 * menu was already saved as a version. Within the version name limit.
 */
export function beforeTemplateVersionName(name: string, version: number): string {
  const prefix = 'Before ';
  const suffix = ` v${version}`;
  return `${prefix}${beforeTemplateName(name, version)}${suffix}`;
}

/** The same name said, for each reader's language (the English above is the one names are unique by). */
export function beforeTemplateVersionSaid(name: string, version: number): Said {
  return said('ruleMessages.versionBefore', { template: beforeTemplateName(name, version), n: version });
}

const beforeTemplateName = (name: string, version: number) =>
  name.slice(0, LIMITS.versionNameMax - 'Before '.length - ` v${version}`.length).trimEnd();

/** Template match: the oven has the template's current version and nothing changed since, or how it differs. */
export type TemplateMatch = 'matches' | 'differs' | 'outdated';

/**
 * A name fit for a folder on a FAT-formatted USB stick (what kitchens use): no \ / : * ? " < > |, no control
 * characters, no trailing dot or space, at most 60 characters; empty becomes the fallback.
 */
export function folderName(name: string, fallback: string): string {
  const cleaned = withoutHiddenCharacters(name)
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60)
    .replace(/[. ]+$/, '');
  return cleaned || fallback;
}

/** Two stores named alike ("Main St" and "main st.") must not share a folder: the second gets " (2)". */
export function uniqueFolderNames(names: string[], fallback: string): string[] {
  const used = new Map<string, number>();
  return names.map((n) => {
    const base = folderName(n, fallback);
    const key = base.toLowerCase();
    const count = (used.get(key) ?? 0) + 1;
    used.set(key, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}
