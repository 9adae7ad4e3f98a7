import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PublicUser } from '../../../shared/contracts/auth';
import {
  type ApiToken,
  type TokenCreated,
  type TokenRequest,
  tokenRequest,
} from '../../../shared/contracts/integrations';
import { scopesForRole, TOKEN_NAME_MAX, type TokenScope } from '../../../shared/domain/integrations';
import { useBanners } from '../../components/banners';
import { Alert, CheckGroup, Spinner, TextField } from '../../components/form';
import { ConfirmDialog, DialogActions, Modal } from '../../components/modal';
import { SecretOnce } from '../../components/secret-once';
import { useFocusAfter } from '../../lib/focus-after';
import { textOf } from '../../lib/i18n';
import { formatDay, formatDayTime, isolate } from '../../lib/text';
import { hasFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { tokenListQuery, useCreateToken, useRevokeToken } from './api-tokens-api';

type Dotted<S extends string> = S extends `${infer A}:${infer B}` ? `${A}.${B}` : never;
/** A scope's key in the catalogue: i18next reads a colon as a namespace, so "ovens:read" is kept as "ovens.read". */
const scopeKey = (scope: TokenScope) => scope.replace(':', '.') as Dotted<TokenScope>;

/** Days a token lasts; '' lasts until revoked. */
const EXPIRY_CHOICES = ['30', '90', '365', ''] as const;
type Expiry = (typeof EXPIRY_CHOICES)[number];

interface TokenForm {
  name: string;
  scopes: TokenScope[];
  expiry: Expiry;
}
const toRequest = (v: TokenForm): TokenRequest => ({
  name: v.name,
  scopes: v.scopes,
  expires_in_days: v.expiry === '' ? null : Number(v.expiry),
});

/** A scope in words, with the name an API client sends beside it. */
function ScopeName({ scope }: { scope: TokenScope }) {
  const { t } = useTranslation();
  return (
    <>
      <span>{t(`apiTokens.scopes.${scopeKey(scope)}`)}</span> <code className="scope-code">{scope}</code>
    </>
  );
}

const expired = (token: ApiToken) => token.expires_at !== null && Date.parse(token.expires_at) <= Date.now();

/**
 * The user's API tokens (an owner's list has the whole team's): what each may do, in which team, when it was last
 * used; making one, whose secret shows once, and revoking one.
 */
export function ApiTokensSection({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const list = useQuery(tokenListQuery());
  const revoke = useRevokeToken();
  const banners = useBanners();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<TokenCreated['data'] | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  // A secret put away or a row removed: the focus goes back to this section, not the top of the page.
  const [heading, backToSection] = useFocusAfter<HTMLHeadingElement>();
  const scopes = scopesForRole(user.team?.role);
  const tokens = list.data ?? [];

  return (
    <section className="card token-section" aria-labelledby="tokens-title">
      <div className="section-head">
        <div>
          <h2 id="tokens-title" ref={heading} tabIndex={-1}>
            {t('apiTokens.title')}
          </h2>
          <p className="muted">{t('apiTokens.intro')}</p>
        </div>
        {user.team && scopes.length > 0 ? (
          <button
            type="button"
            className="btn btn-primary"
            // A secret not yet confirmed copied stays on screen: a new token waits for "I have copied it".
            disabled={created !== null}
            onClick={() => setCreating(true)}
          >
            {t('apiTokens.create')}
          </button>
        ) : null}
      </div>
      {!user.team ? (
        <p className="alert alert-info">
          {t('apiTokens.noTeam')} <Link to="/team">{t('apiTokens.toTeamPage')}</Link>
        </p>
      ) : null}

      {created ? (
        <SecretOnce
          secret={created.token}
          onDone={() => {
            setCreated(null);
            backToSection();
          }}
          words={{
            title: t('apiTokens.createdTitle', { name: isolate(created.name) }),
            label: t('apiTokens.secretLabel'),
            warning: t('apiTokens.secretWarning'),
            copy: t('apiTokens.copy'),
            copied: t('apiTokens.copied'),
            copyFailed: t('apiTokens.copyFailed'),
            done: t('apiTokens.done'),
          }}
        >
          <p className="muted small">{t('apiTokens.howToUse')}</p>
        </SecretOnce>
      ) : null}

      {list.isPending ? <Spinner label={t('apiTokens.loading')} /> : null}
      {list.isError ? (
        <Alert tone="error">{t('apiTokens.loadFailed', { message: textOf(list.error) })}</Alert>
      ) : null}
      {list.isSuccess && tokens.length === 0 ? <p className="muted">{t('apiTokens.empty')}</p> : null}
      {tokens.length > 0 ? (
        <ul className="integration-list" aria-label={t('apiTokens.list')}>
          {tokens.map((token) => (
            <li key={token.id} className="integration-row" aria-label={token.name}>
              <div className="integration-head">
                <strong className="integration-name" dir="auto">
                  {token.name}
                </strong>
                <code className="token-shown">{token.shown}…</code>
                {expired(token) ? (
                  <span className="state-badge state-off">{t('apiTokens.expired')}</span>
                ) : null}
              </div>
              <ul className="scope-chips" aria-label={t('apiTokens.scopesOf', { name: token.name })}>
                {token.scopes.map((s) => (
                  <li key={s} className="scope-chip">
                    <ScopeName scope={s} />
                  </li>
                ))}
              </ul>
              <dl className="integration-facts">
                <div>
                  <dt>{t('apiTokens.team')}</dt>
                  <dd dir="auto">{token.team.name}</dd>
                </div>
                <div>
                  <dt>{t('apiTokens.creator')}</dt>
                  <dd>{token.creator.username}</dd>
                </div>
                <div>
                  <dt>{t('apiTokens.created')}</dt>
                  <dd>
                    <time dateTime={token.created_at}>{formatDay(token.created_at)}</time>
                  </dd>
                </div>
                <div>
                  <dt>{t('apiTokens.expires')}</dt>
                  <dd>
                    {token.expires_at ? (
                      <time dateTime={token.expires_at}>{formatDay(token.expires_at)}</time>
                    ) : (
                      t('apiTokens.neverExpires')
                    )}
                  </dd>
                </div>
                <div>
                  <dt>{t('apiTokens.lastUsed')}</dt>
                  <dd>
                    {token.last_used_at ? (
                      <time dateTime={token.last_used_at}>{formatDayTime(token.last_used_at)}</time>
                    ) : (
                      t('apiTokens.never')
                    )}
                  </dd>
                </div>
              </dl>
              <div className="integration-actions">
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={t('apiTokens.revokeName', { name: token.name })}
                  onClick={() => setRevoking(token)}
                >
                  {t('apiTokens.revoke')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {creating && user.team ? (
        <CreateTokenModal
          scopes={scopes}
          role={user.team.role}
          team={user.team.name}
          onClose={() => setCreating(false)}
          onCreated={(made) => {
            setCreating(false);
            setCreated(made);
          }}
        />
      ) : null}
      {revoking ? (
        <ConfirmDialog
          title={t('apiTokens.revokeTitle')}
          message={t('apiTokens.revokeConfirm', { name: isolate(revoking.name) })}
          confirmLabel={t('apiTokens.revokeToken')}
          busy={revoke.isPending}
          onCancel={() => setRevoking(null)}
          onConfirm={async () => {
            try {
              await revoke.mutateAsync(revoking.id);
              banners.success(revoking.name, t('apiTokens.revoked'));
              backToSection();
            } catch (e) {
              banners.failure(revoking.name, t('apiTokens.revokeFailed'), e);
            }
            setRevoking(null);
          }}
        />
      ) : null}
    </section>
  );
}

function CreateTokenModal({
  scopes,
  role,
  team,
  onClose,
  onCreated,
}: {
  scopes: TokenScope[];
  role: NonNullable<PublicUser['team']>['role'];
  team: string;
  onClose(): void;
  onCreated(made: TokenCreated['data']): void;
}) {
  const { t } = useTranslation();
  const create = useCreateToken();
  const form = useZodForm(tokenRequest, { name: '', scopes: [], expiry: '90' } as TokenForm, toRequest);
  const { values } = form;
  const dirty = values.name !== '' || values.scopes.length > 0;
  const submit = form.onSubmit(async (body) => {
    onCreated(await create.mutateAsync(body));
  });
  return (
    <Modal
      title={t('apiTokens.createTitle')}
      onClose={onClose}
      busy={form.busy}
      dirty={dirty}
      footer={
        <DialogActions
          onCancel={onClose}
          label={t('apiTokens.create')}
          busy={form.busy}
          busyLabel={t('apiTokens.creating')}
          form="token-form"
        />
      }
    >
      <form id="token-form" className="integration-form" onSubmit={submit} noValidate>
        <TextField
          label={t('apiTokens.name')}
          required
          max={TOKEN_NAME_MAX}
          hint={t('apiTokens.nameHint')}
          autoComplete="off"
          {...form.field('name')}
          data-autofocus
        />
        <CheckGroup
          id="token-scopes"
          legend={t('apiTokens.scopesLegend')}
          name="scopes"
          options={scopes}
          value={values.scopes}
          onChange={(next) => form.set('scopes', next)}
          error={form.errors.scopes}
          hint={t('apiTokens.scopesHint', {
            role: t(`teamPage.roleInSentence.${role}`),
            team: isolate(team),
          })}
        >
          {(scope) => <ScopeName scope={scope} />}
        </CheckGroup>
        <div className={`field${form.errors.expires_in_days ? ' field-invalid' : ''}`}>
          <label htmlFor="token-expiry">{t('apiTokens.expiry')}</label>
          <select
            id="token-expiry"
            value={values.expiry}
            onChange={(e) => form.set('expiry', e.target.value as Expiry)}
            aria-describedby="token-expiry-hint"
          >
            {EXPIRY_CHOICES.map((days) => (
              <option key={days} value={days}>
                {days === '' ? t('apiTokens.neverExpires') : t('apiTokens.days', { count: Number(days) })}
              </option>
            ))}
          </select>
          <p id="token-expiry-hint" className="field-hint">
            {values.expiry === '' ? t('apiTokens.neverHint') : t('apiTokens.expiryHint')}
          </p>
          {form.errors.expires_in_days ? (
            <p className="field-error" role="alert">
              {form.errors.expires_in_days}
            </p>
          ) : null}
        </div>
        {form.failure && !hasFieldErrors(form.failure) ? (
          <Alert tone="error">
            {t('apiTokens.createFailed')} {textOf(form.failure)}
          </Alert>
        ) : null}
      </form>
    </Modal>
  );
}
