import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type SsoSettings, ssoSettingsRequest } from '../../../shared/contracts/teams';
import {
  SSO_JOIN_ROLES,
  SSO_LIMITS,
  SSO_REFUSALS,
  SSO_SCOPES,
  type SsoJoinRole,
} from '../../../shared/domain/sso';
import { useBanners } from '../../components/banners';
import { Alert, CheckboxField, Spinner, TextField } from '../../components/form';
import { ConfirmDialog } from '../../components/modal';
import { NeedsConnection } from '../../components/needs-connection';
import { textOf } from '../../lib/i18n';
import { useOnline } from '../../lib/offline/online';
import { formatDayTime } from '../../lib/text';
import { hasFieldErrors, useZodForm } from '../../lib/use-zod-form';
import {
  companySignInQuery,
  useCheckDomains,
  useSaveCompanySignIn,
  useTestCompanySignIn,
  useTurnOffCompanySignIn,
} from './company-sign-in-api';
import { placeNames, RoleAndPlaces } from './team-place-picker';

interface Values {
  issuer: string;
  client_id: string;
  client_secret: string;
  /** One domain a line, as typed. */
  domains: string;
  default_role: SsoJoinRole;
  enforce: boolean;
}

const valuesOf = (s: SsoSettings | null): Values => ({
  issuer: s?.issuer ?? '',
  client_id: s?.client_id ?? '',
  client_secret: '',
  domains: s?.domains.map((d) => d.domain).join('\n') ?? '',
  default_role: s?.default_role ?? 'crew',
  enforce: s?.enforce ?? false,
});

/** Copies a value, saying so beside the button (a greasy tap should see it worked). */
function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [done, setDone] = useState<'copied' | 'failed' | null>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        aria-label={`${label}: ${t('companySignIn.copy')}`}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(value);
            setDone('copied');
          } catch {
            setDone('failed');
          }
        }}
      >
        {t('companySignIn.copy')}
      </button>
      <span role="status" className="muted small">
        {done === 'copied'
          ? t('companySignIn.copied')
          : done === 'failed'
            ? t('companySignIn.copyFailed')
            : ''}
      </span>
    </>
  );
}

/** What a test trip to the provider said, read from the address it came back to (then taken out of it). */
function TestResult() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const result = params.get('company_test');
  const shown = result === 'passed' || result === 'refused';
  const box = useRef<HTMLDivElement>(null);
  // Back from the provider the page opens at its top: the result is brought into view.
  useEffect(() => {
    if (shown) box.current?.scrollIntoView({ block: 'center' });
  }, [shown]);
  if (!shown) return null;
  const reason = params.get('reason');
  const known = (SSO_REFUSALS as readonly string[]).includes(reason ?? '');
  const dismiss = () =>
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        for (const k of ['company_test', 'reason', 'email', 'domain', 'detail', 'team']) next.delete(k);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="company-test-result" ref={box}>
      <Alert tone={result === 'passed' ? 'success' : 'error'}>
        {result === 'passed'
          ? t('companySignIn.testPassed', { email: params.get('email') ?? '' })
          : `${t('companySignIn.testRefused')} ${
              known ? t(`companySignIn.refused.${reason as (typeof SSO_REFUSALS)[number]}`) : ''
            }${params.get('domain') ? ` (${params.get('domain')})` : ''}${
              params.get('detail') ? ` (${params.get('detail')})` : ''
            }`}
      </Alert>
      <button type="button" className="btn btn-link" onClick={dismiss}>
        {t('companySignIn.dismiss')}
      </button>
    </div>
  );
}

/**
 * A team's company sign-in (owners): the provider Hearth is registered at, the domains it signs in and their DNS
 * proof, what a newcomer joins as, whether passwords are refused there; a test trip and turning it off.
 */
export function CompanySignInSection({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  const query = useQuery(companySignInQuery(teamId));
  return (
    <section className="card team-section company-sign-in" aria-labelledby="company-sign-in-title">
      <div className="section-head">
        <div>
          <h2 id="company-sign-in-title">{t('companySignIn.sectionTitle')}</h2>
          <p className="muted">{t('companySignIn.sectionIntro')}</p>
        </div>
      </div>
      <TestResult />
      {query.isPending ? <Spinner label={t('companySignIn.loading')} /> : null}
      {query.isError ? (
        <Alert tone="error">{t('companySignIn.loadFailed', { message: textOf(query.error) })}</Alert>
      ) : null}
      {query.isSuccess ? (
        <Setting
          // A new form when the setting comes back saved or turned off: its fields start from what is kept.
          key={query.data.data?.updated_at ?? 'none'}
          teamId={teamId}
          setting={query.data.data}
          redirectUri={query.data.redirect_uri}
          proofRequired={query.data.proof_required}
        />
      ) : null}
    </section>
  );
}

function Setting({
  teamId,
  setting,
  redirectUri,
  proofRequired,
}: {
  teamId: number;
  setting: SsoSettings | null;
  redirectUri: string;
  proofRequired: boolean;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const banners = useBanners();
  const save = useSaveCompanySignIn(teamId);
  const turnOff = useTurnOffCompanySignIn(teamId);
  const test = useTestCompanySignIn(teamId);
  const [chosen, setChosen] = useState<Set<number>>(new Set(setting?.default_location_ids ?? []));
  const [confirmOff, setConfirmOff] = useState(false);
  // The form opens on demand: the Team page stays short, and its other role choices stay the only ones shown.
  const [editing, setEditing] = useState(false);
  const domainsId = useId();
  const form = useZodForm(ssoSettingsRequest, valuesOf(setting), (v) => ({
    issuer: v.issuer,
    client_id: v.client_id,
    client_secret: v.client_secret || undefined,
    domains: v.domains.split(/[\n,;]+/),
    default_role: v.default_role,
    default_location_ids: [...chosen],
    enforce: v.enforce,
  }));
  const submit = form.onSubmit(async (body) => {
    await save.mutateAsync(body);
    banners.success(t('companySignIn.sectionTitle'), t('companySignIn.saved'));
  });
  const domainError =
    form.errors.domains ?? Object.entries(form.errors).find(([k]) => /^domains\.\d+$/.test(k))?.[1];
  const failure = form.failure && !hasFieldErrors(form.failure) ? textOf(form.failure) : null;

  return (
    <>
      <p className="company-status">
        {setting ? (
          <span className="state-badge state-ok">{t('companySignIn.on')}</span>
        ) : (
          <span className="state-badge state-off">{t('companySignIn.off')}</span>
        )}{' '}
        {setting?.set_by
          ? t('companySignIn.setBy', { user: setting.set_by, date: formatDayTime(setting.updated_at) })
          : null}
      </p>
      <div className="company-register">
        <h3>{t('companySignIn.registerTitle')}</h3>
        <p className="muted small">{t('companySignIn.registerIntro')}</p>
        <dl className="company-facts">
          <dt>{t('companySignIn.redirectUri')}</dt>
          <dd>
            <code className="scope-code">{redirectUri}</code>{' '}
            <CopyButton value={redirectUri} label={t('companySignIn.redirectUri')} />
          </dd>
          <dt>{t('companySignIn.scopes')}</dt>
          <dd>
            <code className="scope-code">{SSO_SCOPES}</code>
          </dd>
        </dl>
      </div>

      {setting && !editing ? (
        <dl className="company-facts company-summary">
          <dt>{t('companySignIn.issuer')}</dt>
          <dd>
            <bdi>{setting.issuer}</bdi>
          </dd>
          <dt>{t('companySignIn.clientId')}</dt>
          <dd>
            <bdi>{setting.client_id}</bdi>
          </dd>
          <dt>{t('companySignIn.joinAs')}</dt>
          <dd>
            {t(`teamPage.roles.${setting.default_role}`)}
            {setting.default_locations.length > 0 ? ` (${placeNames(setting.default_locations)})` : ''}
          </dd>
          <dt>{t('companySignIn.passwords')}</dt>
          <dd>
            {setting.enforce ? t('companySignIn.passwordsRefused') : t('companySignIn.passwordsAllowed')}
          </dd>
        </dl>
      ) : null}
      {!editing ? (
        <div className="integration-actions">
          <button
            type="button"
            className={setting ? 'btn btn-secondary' : 'btn btn-primary'}
            aria-expanded={false}
            onClick={() => setEditing(true)}
          >
            {setting ? t('companySignIn.change') : t('companySignIn.setUp')}
          </button>
        </div>
      ) : null}
      {editing ? (
        <form className="company-form" onSubmit={submit} noValidate>
          <TextField
            label={t('companySignIn.issuer')}
            type="url"
            inputMode="url"
            required
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            max={SSO_LIMITS.issuerLength}
            placeholder={t('companySignIn.issuerPlaceholder')}
            hint={t('companySignIn.issuerHint')}
            {...form.field('issuer')}
          />
          <TextField
            label={t('companySignIn.clientId')}
            required
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            max={SSO_LIMITS.clientIdLength}
            {...form.field('client_id')}
          />
          <TextField
            label={t('companySignIn.clientSecret')}
            type="password"
            required={!setting}
            autoComplete="new-password"
            max={SSO_LIMITS.clientSecretLength}
            hint={setting?.client_secret_set ? t('companySignIn.secretKept') : t('companySignIn.secretHint')}
            {...form.field('client_secret')}
          />
          <div className={`field${domainError ? ' field-invalid' : ''}`}>
            <label htmlFor={domainsId} className="label-required">
              {t('companySignIn.domains')}
            </label>
            <textarea
              id={domainsId}
              rows={3}
              value={form.values.domains}
              onChange={(e) => form.set('domains', e.target.value)}
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={domainError ? true : undefined}
              aria-describedby={`${domainsId}-hint${domainError ? ` ${domainsId}-error` : ''}`}
            />
            <p id={`${domainsId}-hint`} className="field-hint">
              {proofRequired ? t('companySignIn.domainsHint') : t('companySignIn.domainsHintNoProof')}
            </p>
            {domainError ? (
              <p id={`${domainsId}-error`} className="field-error" role="alert">
                {domainError}
              </p>
            ) : null}
          </div>
          <RoleAndPlaces
            legend={t('companySignIn.joinAs')}
            roles={SSO_JOIN_ROLES}
            role={form.values.default_role}
            onRole={(r) => form.set('default_role', r as SsoJoinRole)}
            chosen={chosen}
            onChosen={setChosen}
            known={setting?.default_locations ?? []}
            error={form.errors.default_location_ids}
          />
          <CheckboxField
            name="enforce"
            label={
              <>
                {t('companySignIn.enforce')}
                <span className="check-hint">{t('companySignIn.enforceHint')}</span>
              </>
            }
            checked={form.values.enforce}
            onChange={(v) => form.set('enforce', v)}
          />
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <div className="integration-actions">
            <button type="submit" className="btn btn-primary" disabled={form.busy || !online}>
              {form.busy
                ? t('companySignIn.saving')
                : setting
                  ? t('companySignIn.save')
                  : t('companySignIn.turnOn')}
            </button>
            {!online ? <NeedsConnection /> : null}
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(false)}>
              {t('companySignIn.cancel')}
            </button>
          </div>
        </form>
      ) : null}

      {setting ? (
        <>
          <Domains teamId={teamId} setting={setting} />
          <div className="integration-actions company-actions">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={test.isPending || !online}
              onClick={async () => {
                try {
                  const { url } = await test.mutateAsync();
                  window.location.assign(url);
                } catch (e) {
                  banners.failure(t('companySignIn.sectionTitle'), t('companySignIn.testFailed'), e);
                }
              }}
            >
              {t('companySignIn.test')}
            </button>
            <button type="button" className="btn btn-link-danger" onClick={() => setConfirmOff(true)}>
              {t('companySignIn.turnOff')}
            </button>
          </div>
          <p className="muted small">{t('companySignIn.testHint')}</p>
        </>
      ) : null}
      {confirmOff ? (
        <ConfirmDialog
          title={t('companySignIn.turnOffTitle')}
          message={t('companySignIn.turnOffConfirm')}
          confirmLabel={t('companySignIn.turnOff')}
          busy={turnOff.isPending}
          onCancel={() => setConfirmOff(false)}
          onConfirm={async () => {
            try {
              await turnOff.mutateAsync();
              banners.success(t('companySignIn.sectionTitle'), t('companySignIn.turnedOff'));
            } catch (e) {
              banners.failure(t('companySignIn.sectionTitle'), t('companySignIn.turnOffFailed'), e);
            }
            setConfirmOff(false);
          }}
        />
      ) : null}
    </>
  );
}

/** Each domain's state; an unproved one with the TXT record that proves it, and a button to look now. */
function Domains({ teamId, setting }: { teamId: number; setting: SsoSettings }) {
  const { t } = useTranslation();
  const check = useCheckDomains(teamId);
  const banners = useBanners();
  const online = useOnline();
  const [lastCheck, setLastCheck] = useState<string[] | null>(null);
  const waiting = setting.domains.filter((d) => !d.verified && !d.taken);
  return (
    <div className="company-domains">
      <h3>{t('companySignIn.domainsTitle')}</h3>
      <ul className="integration-list" aria-label={t('companySignIn.domainsTitle')}>
        {setting.domains.map((d) => (
          <li key={d.domain} className="integration-row" aria-label={d.domain}>
            <div className="integration-head">
              <strong className="integration-name">{d.domain}</strong>
              {d.verified ? (
                <span className="state-badge state-ok">{t('companySignIn.proved')}</span>
              ) : d.taken ? (
                <span className="state-badge state-off">{t('companySignIn.taken')}</span>
              ) : (
                <span className="state-badge state-failing">{t('companySignIn.waitingProof')}</span>
              )}
            </div>
            {!d.verified && !d.taken ? (
              <div className="company-proof">
                <p className="small">{t('companySignIn.proofHow', { domain: d.record_name })}</p>
                <p>
                  <code className="scope-code">{d.record_value}</code>{' '}
                  <CopyButton value={d.record_value} label={t('companySignIn.txtValue')} />
                </p>
              </div>
            ) : null}
            {d.taken ? <p className="small">{t('companySignIn.takenHint')}</p> : null}
          </li>
        ))}
      </ul>
      {waiting.length > 0 ? (
        <div className="integration-actions">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={check.isPending || !online}
            onClick={async () => {
              try {
                setLastCheck((await check.mutateAsync()).proved);
              } catch (e) {
                banners.failure(t('companySignIn.domainsTitle'), t('companySignIn.checkFailed'), e);
              }
            }}
          >
            {check.isPending ? t('companySignIn.checking') : t('companySignIn.checkNow')}
          </button>
        </div>
      ) : null}
      <p role="status" className="small">
        {lastCheck === null
          ? ''
          : lastCheck.length > 0
            ? t('companySignIn.provedNow', { domains: lastCheck.join(', ') })
            : t('companySignIn.notYet')}
      </p>
    </div>
  );
}
