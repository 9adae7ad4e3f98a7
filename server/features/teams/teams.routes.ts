import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/contracts/common';
import { paginated } from '../../../shared/contracts/pagination';
import {
  ACTIVITY_PER_PAGE,
  activityEntry,
  activityQuery,
  invitation,
  invitationParams,
  invitationPreview,
  invitationRequest,
  invitationTokenParams,
  member,
  memberParams,
  memberRequest,
  team,
  teamParams,
  teamRequest,
} from '../../../shared/contracts/teams';
import { mailboxOf } from '../../../shared/domain/email';
import { paginate } from '../../http/pagination';
import { enforceRateLimit, type RateLimits } from '../../http/rate-limits';
import { currentUser } from '../../http/request-user';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { ActivityService } from './activity.service';
import type { InvitationsService } from './invitations.service';
import type { TeamsService } from './teams.service';

const tags = ['Teams'];
const errors = { 403: errorResponse, 404: errorResponse, 422: errorResponse };

/** The query as sent, for the pager's links. */
const rawQuery = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

export async function teamsRoutes(
  app: FastifyInstance,
  deps: {
    teams: TeamsService;
    invitations: InvitationsService;
    activity: ActivityService;
    appUrl: string;
    limiter: RateLimiter;
    limits: RateLimits;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { teams, invitations, activity } = deps;
  /**
   * Each invitation mail counts for its sender, and for the mailbox it goes to from this team and from this sender
   * (new or sent again alike). No count is shared by unrelated teams: a stranger's invitations to an address never
   * stop its employer's (decision 0006).
   */
  const mailAllowed = (userId: number, teamId: number, email: string) =>
    enforceRateLimit(deps.limiter, [
      { key: `invite:user:${userId}`, rule: deps.limits.invitationsPerUser },
      { key: `invite:team:${teamId}:to:${mailboxOf(email)}`, rule: deps.limits.invitationsPerTeamRecipient },
      {
        key: `invite:user:${userId}:to:${mailboxOf(email)}`,
        rule: deps.limits.invitationsPerSenderRecipient,
      },
    ]);

  r.get(
    '/api/teams',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The teams you belong to, your role in each, and which one you work in now',
        response: { 200: z.object({ data: z.array(team) }) },
      },
    },
    async (request) => ({ data: await teams.list(currentUser(request).id) }),
  );

  r.post(
    '/api/teams',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Make a team: you are its owner, and it becomes the team you work in',
        body: teamRequest,
        response: { 201: z.object({ data: team }), 422: errorResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await teams.create(currentUser(request).id, request.body) }),
  );

  r.put(
    '/api/teams/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Rename a team (its owners)',
        params: teamParams,
        body: teamRequest,
        response: { 200: z.object({ data: team }), ...errors },
      },
    },
    async (request) => ({
      data: await teams.rename(currentUser(request).id, request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/teams/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'Delete a team with everything it owns: ovens, menus, recipes, locations, templates (its owners)',
        params: teamParams,
        response: {
          200: z.object({ deleted: z.boolean(), data: z.object({ id: z.number(), name: z.string() }) }),
          ...errors,
        },
      },
    },
    async (request) => ({
      deleted: true,
      data: await teams.remove(currentUser(request).id, request.params.id),
    }),
  );

  r.post(
    '/api/teams/:id/switch',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Work in this team from now on (lists and new things are its own)',
        params: teamParams,
        response: { 200: z.object({ data: team }), 404: errorResponse },
      },
    },
    async (request) => ({ data: await teams.switchTo(currentUser(request).id, request.params.id) }),
  );

  r.get(
    '/api/teams/:id/members',
    {
      config: { access: 'signed-in', token: 'team:read' },
      schema: {
        tags,
        summary: "A team's members with their roles and locations (owners and managers)",
        params: teamParams,
        response: { 200: z.object({ data: z.array(member) }), ...errors },
      },
    },
    async (request) => ({ data: await teams.members(currentUser(request).id, request.params.id) }),
  );

  r.put(
    '/api/teams/:id/members/:userId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          "Change a member's role and locations: owners anyone's, managers store managers' and crew's; nobody their own",
        params: memberParams,
        body: memberRequest,
        response: { 200: z.object({ data: member }), ...errors },
      },
    },
    async (request) => ({
      data: await teams.updateMember(
        currentUser(request).id,
        request.params.id,
        request.params.userId,
        request.body,
      ),
    }),
  );

  r.delete(
    '/api/teams/:id/members/:userId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Remove a member, or leave the team (your own id); the last owner can do neither',
        params: memberParams,
        response: {
          200: z.object({ deleted: z.boolean(), data: z.object({ user_id: z.number() }) }),
          ...errors,
        },
      },
    },
    async (request) => ({
      deleted: true,
      data: await teams.removeMember(currentUser(request).id, request.params.id, request.params.userId),
    }),
  );

  r.get(
    '/api/teams/:id/invitations',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "A team's invitations waiting to be accepted (owners and managers)",
        params: teamParams,
        response: { 200: z.object({ data: z.array(invitation) }), ...errors },
      },
    },
    async (request) => ({ data: await invitations.list(currentUser(request).id, request.params.id) }),
  );

  r.post(
    '/api/teams/:id/invitations',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'Invite someone by e-mail (a link for 7 days): owners any role, managers store managers and crew. Inviting an address again renews its link',
        params: teamParams,
        body: invitationRequest,
        response: { 201: z.object({ data: invitation }), ...errors, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const made = await invitations.invite(user, request.params.id, request.body, (to) =>
        mailAllowed(user.id, request.params.id, to),
      );
      return reply.code(201).send({ data: made });
    },
  );

  r.delete(
    '/api/teams/:id/invitations/:invitationId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Withdraw an invitation: its link stops working',
        params: invitationParams,
        response: { 200: z.object({ deleted: z.boolean(), data: z.object({ id: z.number() }) }), ...errors },
      },
    },
    async (request) => ({
      deleted: true,
      data: await invitations.revoke(currentUser(request).id, request.params.id, request.params.invitationId),
    }),
  );

  r.post(
    '/api/teams/:id/invitations/:invitationId/resend',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Send an invitation again with a new link (the old one stops working) and 7 more days',
        params: invitationParams,
        response: { 200: z.object({ data: invitation }), ...errors, 429: errorResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, invitationId } = request.params;
      return { data: await invitations.resend(user, id, invitationId, (to) => mailAllowed(user.id, id, to)) };
    },
  );

  r.get(
    '/api/invitations/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'What an invitation link offers (no login needed): team, role, who invited, for which address, until when',
        params: invitationTokenParams,
        response: { 200: z.object({ data: invitationPreview }), 404: errorResponse },
      },
    },
    async (request) => ({ data: await invitations.preview(request.params.token) }),
  );

  r.post(
    '/api/invitations/:token/accept',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'Join the team as invited (logged in with the invited address); it becomes the team you work in',
        params: invitationTokenParams,
        response: {
          200: z.object({ data: team }),
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => ({ data: await invitations.accept(currentUser(request), request.params.token) }),
  );

  r.get(
    '/api/teams/:id/activity',
    {
      config: { access: 'signed-in', token: 'team:read' },
      schema: {
        tags,
        summary: "The team's trail, newest first: who changed what and when, by location and person",
        params: teamParams,
        querystring: activityQuery,
        response: { 200: paginated(activityEntry), ...errors },
      },
    },
    async (request) => {
      const { data, total } = await activity.page(currentUser(request).id, request.params.id, request.query);
      return paginate({
        data,
        total,
        page: request.query.page,
        perPage: ACTIVITY_PER_PAGE,
        url: `${deps.appUrl}/api/teams/${request.params.id}/activity`,
        query: rawQuery(request.url),
      });
    },
  );
}
