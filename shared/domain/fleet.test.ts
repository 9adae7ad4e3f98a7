import { describe, expect, it } from 'vitest';
import {
  downloadNotSeen,
  editedSince,
  fleetStatus,
  folderName,
  templateVersionName,
  uniqueFolderNames,
} from './fleet';

describe('fleetStatus', () => {
  it('is no_version when the oven has no named version', () => {
    expect(fleetStatus({ latestVersionId: null, seen: { versionId: 3 } })).toBe('no_version');
  });
  it('is never_checked when no file of the oven was seen', () => {
    expect(fleetStatus({ latestVersionId: 3, seen: null })).toBe('never_checked');
  });
  it('is up_to_date when the last file seen was the newest version', () => {
    expect(fleetStatus({ latestVersionId: 3, seen: { versionId: 3 } })).toBe('up_to_date');
  });
  it('is waiting when the last file seen was an older version or not one', () => {
    expect(fleetStatus({ latestVersionId: 3, seen: { versionId: 2 } })).toBe('waiting');
    expect(fleetStatus({ latestVersionId: 3, seen: { versionId: null } })).toBe('waiting');
  });
});

describe('editedSince', () => {
  it('is false while the oven is still at its newest version', () => {
    expect(editedSince({ version: 7, atVersionId: 3, atOvenVersion: 7, latestVersionId: 3 })).toBe(false);
  });
  it('is true once the oven changed after it', () => {
    expect(editedSince({ version: 8, atVersionId: 3, atOvenVersion: 7, latestVersionId: 3 })).toBe(true);
  });
  it('is true when the oven was last at an older version', () => {
    expect(editedSince({ version: 7, atVersionId: 2, atOvenVersion: 7, latestVersionId: 3 })).toBe(true);
  });
});

describe('downloadNotSeen', () => {
  it('is false without a download', () => {
    expect(downloadNotSeen('2026-03-12T10:00:00Z', null)).toBe(false);
    expect(downloadNotSeen(null, null)).toBe(false);
  });
  it('is true for a download never seen, or seen only before it', () => {
    expect(downloadNotSeen(null, '2026-03-12T10:00:00Z')).toBe(true);
    expect(downloadNotSeen('2026-03-11T10:00:00Z', '2026-03-12T10:00:00Z')).toBe(true);
  });
  it('is false once the oven was seen at or after the download', () => {
    expect(downloadNotSeen('2026-03-12T10:00:00Z', '2026-03-12T10:00:00Z')).toBe(false);
    expect(downloadNotSeen('2026-03-13T08:00:00Z', '2026-03-12T10:00:00Z')).toBe(false);
  });
});

describe('templateVersionName', () => {
  it('is the name and the version', () => {
    expect(templateVersionName('Lunch', 3)).toBe('Lunch v3');
  });
  it('shortens a long name so the whole fits a version name of 40 characters', () => {
    const name = templateVersionName('A very long template name for all stores', 12);
    expect(name).toBe('A very long template name for all st v12');
    expect(name.length).toBeLessThanOrEqual(40);
  });
});

describe('folderName', () => {
  it('removes what a FAT stick refuses and trailing dots', () => {
    expect(folderName('Main St: "North" / 2.', 'x')).toBe('Main St North 2');
  });
  it('falls back when nothing is left', () => {
    expect(folderName('???', 'No location')).toBe('No location');
  });
  it('numbers names that a stick would take for one', () => {
    expect(uniqueFolderNames(['Main St', 'main st', 'Main St?'], 'x')).toEqual([
      'Main St',
      'main st (2)',
      'Main St (3)',
    ]);
  });
});
