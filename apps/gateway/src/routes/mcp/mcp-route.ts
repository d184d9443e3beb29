import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { validationError } from '@svc/errors';
import { idsInInput, type ChangeRecorder } from '@svc/grpc';
import type { auditV1 } from '@svc/proto';
import { grantsAnyScope, idSchema } from '@svc/rules';
import { changeContextOf } from '../../audit/change-context.js';
import { missingScope } from '../../auth/api-key-guard.js';
import { partnerOf } from '../../auth/principal.js';
import type { Downstream } from '../../downstream/services.js';
import { toDomainError } from '../../http/http-errors.js';
import { inHttpTerms } from '../../http/service-paths.js';
import { perApiKey } from '../../limits/rate-limits.js';
import type { ManageLinks } from '../../api/public-links.js';
import { argumentsError, MCP_TOOLS, type McpTool, type ToolContext } from './mcp-tools.js';

const SERVER_INFO = { name: 'booking-platform', version: '1.0.0' };

/** tools/list: computed once; each input schema is the tool's zod schema as JSON Schema. */
const TOOL_LIST: Tool[] = MCP_TOOLS.map((t) => ({
  name: t.name,
  title: t.title,
  description: `${t.description} Needs the ${t.scopes.join(' or ')} scope.`,
  inputSchema: z.toJSONSchema(t.input, { io: 'input', unrepresentable: 'any' }) as Tool['inputSchema'],
  annotations: { title: t.title, readOnlyHint: t.readOnly, openWorldHint: false },
}));
const TOOLS_BY_NAME = new Map(MCP_TOOLS.map((t) => [t.name, t]));

/**
 * An MCP tool error naming the specification's code, as the HTTP envelope would:
 * `FORBIDDEN: This API key lacks the booking:write scope.`, with the details after it.
 */
function toolError(err: unknown, log: (err: unknown) => void): CallToolResult {
  const { error, unexpected } = toDomainError(inHttpTerms(err, 'arguments'));
  if (unexpected) log(err);
  const details = error.details.map((d) => `${d.path}: ${d.message}`).join('; ');
  return {
    isError: true,
    content: [{ type: 'text', text: `${error.code}: ${error.message}${details ? ` (${details})` : ''}` }],
  };
}

/** Records a tool call that writes in the audit log (docs/decisions.md "Audit log"), like an HTTP change. */
interface ToolAudit {
  log: ChangeRecorder;
  change: auditV1.ChangeContext;
}

/**
 * Scope, then arguments, then the work; every failure is a tool error, never a protocol error.
 * A tool that writes runs under its audit record once its scope and arguments are checked.
 */
async function callTool(
  tool: McpTool,
  args: unknown,
  ctx: ToolContext,
  log: (err: unknown) => void,
  audit: ToolAudit,
): Promise<CallToolResult> {
  try {
    if (!grantsAnyScope(ctx.partner.apiKey.scopes, tool.scopes)) throw missingScope(tool.scopes);
    const parsed = tool.input.safeParse(args ?? {});
    if (!parsed.success) throw argumentsError(parsed.error);
    const run = () => tool.run(parsed.data, ctx);
    const data = tool.readOnly
      ? await run()
      : await audit.log.record(audit.change, tool.name, idsInInput(parsed.data), run);
    return {
      content: [{ type: 'text', text: JSON.stringify(data) }],
      structuredContent: data as Record<string, unknown>,
    };
  } catch (err) {
    return toolError(err, log);
  }
}

/** An MCP server for one request (stateless: nothing is kept between requests). */
function mcpServer(ctx: ToolContext, log: (err: unknown) => void, audit: ToolAudit): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {} },
    instructions:
      'Booking tools of one business. Times are epoch milliseconds (UTC). Find a bookable service with ' +
      'list_services (status active), free starts with get_availability, then create_booking with an idempotency ' +
      'key. list_staff and block_time keep staff members’ time off out of the bookable slots.',
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOL_LIST }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = TOOLS_BY_NAME.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return callTool(tool, request.params.arguments, ctx, log, audit);
  });
  return server;
}

const tenantParams = z.strictObject({ tenantId: idSchema });

/** The most messages of one JSON-RPC batch: what the MCP SDK's transport takes (its MAX_BATCH_SIZE). */
export const MAX_BATCH_MESSAGES = 100;

/**
 * `POST /mcp/{tenantId}` (docs/api-conventions.md "MCP"): MCP over Streamable HTTP, stateless
 * (no session id; GET and DELETE are 405), JSON answers rather than an SSE stream. The API-key
 * guard runs first, with the tenant taken from the path: no key → AUTH_REQUIRED 401, another
 * tenant's id → FORBIDDEN, and the per-key rate limit, which counts each message of a JSON-RPC
 * batch; those are envelope answers. Each tool
 * checks its own scope when called. Not in /openapi.json: its body is MCP's JSON-RPC.
 */
export function registerMcpRoute(app: FastifyInstance, downstream: Downstream, links: ManageLinks): void {
  app.route({
    method: 'POST',
    url: '/mcp/:tenantId',
    schema: { hide: true, params: tenantParams },
    // Not one change per request: each tool call that writes is recorded (callTool).
    config: { audit: 'self' },
    onRequest: async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      request.partner = await app.apiKeyGuard(request, reply, null, { path: tenantId });
    },
    handler: async (request, reply) => {
      const partner = partnerOf(request);
      const body: unknown = request.body;
      // An empty body is no body (app.ts); the SDK would try to read the consumed stream again.
      if (body === undefined) throw validationError([{ path: 'body', message: 'a JSON-RPC message is required' }]);
      // A JSON-RPC batch is as many requests as it has messages: the guard counted one, the rest
      // count here, before any of them runs (over budget: RATE_LIMITED for the whole batch). One
      // longer than the SDK takes is refused before it is counted, so no caller can spend a
      // key's budget for the window with one request.
      const messages = Array.isArray(body) ? body.length : 1;
      if (messages > MAX_BATCH_MESSAGES) {
        throw validationError([{ path: 'body', message: `a batch holds at most ${MAX_BATCH_MESSAGES} messages` }]);
      }
      if (messages > 1) {
        await app.rateLimits.enforce(request, reply, [perApiKey(partner.apiKey.apiKeyId)], messages - 1);
      }
      const log = (err: unknown) => request.log.error({ err }, 'MCP tool failed');
      const change = changeContextOf(request, 'mcp');
      if (!change) throw new Error('MCP request without the API-key guard');
      const server = mcpServer({ partner, downstream, links }, log, { log: app.auditLog, change });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      // The SDK writes the answer itself; the headers set so far (x-request-id, RateLimit-*) go with it.
      reply.hijack();
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (err) {
        request.log.error({ err }, 'MCP request failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { 'content-type': 'application/json' });
          reply.raw.end(
            JSON.stringify({
              jsonrpc: '2.0',
              error: { code: ErrorCode.InternalError, message: 'Internal error' },
              id: null,
            }),
          );
        }
      }
    },
  });
}
