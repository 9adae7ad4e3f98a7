import type { ShareKind, ShareResult } from '../../../shared/contracts/settings-files';
import type { Actor } from '../../../shared/domain/permissions';
import type { TemperatureUnit } from '../../../shared/domain/temperature';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';
import { said } from '../../../shared/i18n/said';
import { scopeOf } from '../../db/scope';
import { recordActivity } from '../../db/team-activity-store';
import { PayloadTooLargeError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import { menuShareMail, settingsShareMail } from '../../mail/templates';
import { ownOven } from '../ovens';
import { menuPdf } from './menu.pdf';
import type { FileDeps, SettingsBuilder } from './settings-file-build';

/** Most mail servers refuse messages much above this; a larger menu PDF is refused with the reason. */
export const MAIL_ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;

/** Sharing an oven by e-mail: its settings file, or its menu as a PDF. */
export function createSettingsShare(
  deps: FileDeps & { mailer: Mailer; provider: string },
  files: SettingsBuilder,
) {
  const { db, now } = deps;
  const { build } = files;

  /** The oven's menu as a PDF in the reader's language and unit: what a share attaches and a download saves. */
  async function menuPdfOf(
    actor: Actor & { temperature_unit?: TemperatureUnit; language?: Language | null },
    ovenId: number,
  ) {
    const built = await build(actor, ovenId);
    const bytes = await menuPdf({
      provider: deps.provider,
      oven: built.oven,
      tree: built.tree,
      recipes: built.recipes,
      printedAt: now(),
      unit: actor.temperature_unit,
      language: actor.language ?? DEFAULT_LANGUAGE,
    });
    const fileName = `${built.oven.name.replace(/[^A-Za-z0-9_-]+/g, '-')}-menu.pdf`;
    return { oven: built.oven, fileName, bytes };
  }

  return {
    /** GET /api/ovens/{id}/menu.pdf: the same PDF a share attaches, to save or print. */
    menuPdfOf,

    /**
     * Spec §7 GET /api/ovens/{kind}/{id}?email: the settings file, or the menu as a PDF, sent as an attachment.
     * The message is kept in the outbox first, so a mail server that is down loses nothing (DeliveryError).
     */
    /** Refuses a share of an oven that is not the user's before anything is queued (404). */
    async shareable(actor: Actor, ovenId: number): Promise<void> {
      await ownOven(db, scopeOf(actor), ovenId);
    },

    async share(
      actor: Actor & { username?: string; temperature_unit?: TemperatureUnit; language?: Language | null },
      kind: ShareKind,
      ovenId: number,
      to: string,
    ): Promise<ShareResult> {
      if (kind === 'settings') {
        const built = await build(actor, ovenId);
        await deps.mailer.send(
          settingsShareMail({
            language: actor.language ?? DEFAULT_LANGUAGE,
            provider: deps.provider,
            to,
            from: actor.username ?? 'A Hearth user',
            ovenName: built.oven.name,
            ovenType: built.oven.type,
            fileName: built.fileName,
            bytes: built.bytes,
          }),
        );
        await recordActivity(db, {
          userId: actor.id,
          action: 'settings.shared',
          summary: said('ruleMessages.sharedSettings', { to }),
          ovenId: built.oven.id,
        });
        return { sent: true, to, attachment: built.fileName };
      }
      const { oven, fileName, bytes: pdf } = await menuPdfOf(actor, ovenId);
      if (pdf.length > MAIL_ATTACHMENT_MAX_BYTES) {
        throw new PayloadTooLargeError(
          said('ruleMessages.pdfTooBig', {
            oven: oven.name,
            size: (pdf.length / 1048576).toFixed(1),
            max: MAIL_ATTACHMENT_MAX_BYTES / 1048576,
          }),
        );
      }
      await deps.mailer.send(
        menuShareMail({
          language: actor.language ?? DEFAULT_LANGUAGE,
          provider: deps.provider,
          to,
          from: actor.username ?? 'A Hearth user',
          ovenName: oven.name,
          ovenType: oven.type,
          fileName,
          bytes: pdf,
        }),
      );
      await recordActivity(db, {
        userId: actor.id,
        action: 'menu.shared',
        summary: said('ruleMessages.sharedMenu', { to }),
        ovenId: oven.id,
      });
      return { sent: true, to, attachment: fileName };
    },
  };
}
