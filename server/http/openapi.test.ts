/**
 * The API's description is what a chain's developers generate their client from: it must validate as OpenAPI, and
 * a client generated from it must type-check and work with an API token.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOven, createSession, createUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
let doc: Record<string, unknown>;
const scratch = fileURLToPath(new URL('../../node_modules/.cache/openapi-client-test/', import.meta.url));

beforeAll(async () => {
  ctx = await createTestContext();
  doc = (await ctx.api('GET', '/api/docs/json')).json();
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await ctx.close();
});

describe('the OpenAPI description', () => {
  it('validates, every reference resolving (the recursive menu screens are components)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/#\/components\/schemas\/schema\d/);
    expect(text).toContain('#/components/schemas/MenuScreen');
  });

  it('says the scope an API token needs for each operation', () => {
    const paths = doc.paths as Record<string, Record<string, { 'x-token-scope'?: string }>>;
    expect(paths['/api/ovens']!.get!['x-token-scope']).toBe('ovens:read');
    expect(paths['/api/recipes']!.get!['x-token-scope']).toBe('recipes:read');
    expect(paths['/api/tokens']!.post!['x-token-scope']).toBe('none');
    expect(paths['/api/users']!.get!['x-token-scope']).toBe('none');
  });

  it('describes bearer authentication for sessions and API tokens', () => {
    const schemes = (
      doc.components as { securitySchemes: Record<string, { scheme: string; description: string }> }
    ).securitySchemes;
    expect(schemes.bearer).toMatchObject({ scheme: 'bearer' });
    expect(schemes.bearer!.description).toContain('hearth_pat_');
  });

  it('generates a typed client that type-checks and lists ovens with an API token', async () => {
    const types = astToString(await openapiTS(structuredClone(doc) as never));
    mkdirSync(scratch, { recursive: true });
    writeFileSync(join(scratch, 'hearth-api.d.ts'), types);
    // A program a chain's developer would write: a wrong path or field fails to compile.
    writeFileSync(
      join(scratch, 'use.ts'),
      `import createClient from 'openapi-fetch';
import type { paths } from './hearth-api';
export async function names(baseUrl: string, token: string): Promise<string[]> {
  const client = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${token}\` } });
  const { data } = await client.GET('/api/ovens', { params: { query: { page: '1' } } });
  return (data?.data ?? []).map((o) => o.name);
}
`,
    );
    const program = ts.createProgram([join(scratch, 'use.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);

    const owner = await createUser(ctx.db);
    await createOven(ctx.db, owner.id, { name: 'Front counter' });
    const made = await ctx.api(
      'POST',
      '/api/tokens',
      { name: 'POS', scopes: ['ovens:read'] },
      { token: await createSession(ctx.db, owner.id) },
    );
    expect(made.statusCode).toBe(201);
    const token = made.json<{ data: { token: string } }>().data.token;
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const generated = (await import(join(scratch, 'use.ts'))) as {
      names(baseUrl: string, token: string): Promise<string[]>;
    };
    expect(await generated.names(address, token)).toEqual(['Front counter']);
  });
});
