import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createContract, loadContract, parseFormBody } from './openapi-contract';

// The checker against Twilio's real document (test/contracts), plus a tiny
// hand-written one for what Twilio's does not use (JSON bodies, API keys, YAML).

const twilio = loadContract(fileURLToPath(new URL('../contracts/twilio-messages.openapi.json', import.meta.url)));
const account = `AC${'a'.repeat(32)}`;
const formHeaders = { authorization: 'Basic QUM6dG9rZW4=', 'content-type': 'application/x-www-form-urlencoded' };
const createMessage = (path: string, body: Record<string, string | string[]>) =>
  twilio.validateRequest({ method: 'POST', path, headers: formHeaders, body });

describe('validateRequest', () => {
  it('accepts a well-formed create-message form, coercing string values to the schema types', () => {
    const body = parseFormBody('To=%2B447700900123&From=%2B441632960000&Body=Hi&ValidityPeriod=60&SendAsMms=true');
    expect(createMessage(`/2010-04-01/Accounts/${account}/Messages.json`, body)).toEqual([]);
  });

  it('catches an AccountSid that does not match its pattern', () => {
    const problems = createMessage('/2010-04-01/Accounts/AC123/Messages.json', { To: '+447700900123' });
    expect(problems).toContain(
      'POST /2010-04-01/Accounts/{AccountSid}/Messages.json path parameter AccountSid: must match pattern "^AC[0-9a-fA-F]{32}$"',
    );
  });

  it('catches a missing required To and ill-typed or unknown enum values', () => {
    const problems = createMessage(`/2010-04-01/Accounts/${account}/Messages.json`, {
      From: '+441632960000',
      ValidityPeriod: 'soon',
      ContentRetention: 'forever',
    });
    expect(problems).toEqual([
      expect.stringMatching(/request body: must have required property 'To'$/),
      expect.stringMatching(/request body ValidityPeriod: must be integer$/),
      expect.stringMatching(/request body ContentRetention: must be equal to one of the allowed values/),
    ]);
  });

  it('catches a wrong Content-Type, missing credentials, and paths or methods the contract lacks', () => {
    const path = `/2010-04-01/Accounts/${account}/Messages.json`;
    expect(twilio.validateRequest({ method: 'POST', path, headers: {}, body: '{"To":"+44"}' })).toEqual([
      expect.stringMatching(/no credentials for accountSid_authToken$/),
      expect.stringMatching(/Content-Type "" is not one of application\/x-www-form-urlencoded$/),
    ]);
    expect(twilio.validateRequest({ method: 'PUT', path })).toEqual([
      'PUT /2010-04-01/Accounts/{AccountSid}/Messages.json: the contract has no such operation',
    ]);
    expect(twilio.validateRequest({ method: 'GET', path: '/2010-04-01/Accounts.json' })).toEqual([
      'GET /2010-04-01/Accounts.json: no such path in the contract',
    ]);
  });
});

describe('a contract without Twilio', () => {
  const document = {
    openapi: '3.0.0',
    info: { title: 'test', version: '1' },
    servers: [{ url: 'https://api.example.test/base' }],
    components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
    security: [{ key: [] }],
    paths: {
      '/v1/items': {
        post: {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { type: 'object', required: ['name'] } } },
          },
          responses: { '200': { content: { 'application/json': { schema: { type: 'integer' } } } } },
        },
      },
    },
  };

  it('checks JSON bodies without coercion, API keys, server base paths and undescribed statuses', () => {
    const contract = createContract(document);
    const request = { method: 'POST', path: '/base/v1/items', headers: { 'Content-Type': 'application/json' } };
    expect(
      contract.validateRequest({ ...request, headers: { ...request.headers, 'X-Api-Key': 'k' }, body: {} }),
    ).toEqual(["POST /v1/items request body: must have required property 'name'"]);
    expect(contract.validateRequest({ ...request, body: { name: 'x' } })).toEqual([
      'POST /v1/items: no credentials for key',
    ]);
    expect(contract.validateResponse({ method: 'POST', path: '/v1/items', status: 200, body: '1' })).toEqual([
      'POST /v1/items response 200 body: must be integer',
    ]);
    expect(contract.validateResponse({ method: 'POST', path: '/v1/items', status: 503, body: {} })).toEqual([
      'POST /v1/items response 503: the contract does not describe this status',
    ]);
  });

  it('loads other formats through a parser it is given', () => {
    const file = fileURLToPath(new URL('../contracts/README.md', import.meta.url));
    expect(() => loadContract(file)).toThrow(/no parser for \.md/);
    expect(() => loadContract(file, { parsers: { '.md': () => document } })).not.toThrow();
  });
});
