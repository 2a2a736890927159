// The Transaction API's members, built from the client's context on their first call (index.ts).
import { ErpError } from '../errors.js';
import { isReportService } from '../contract.js';
import { readServerBuild, serviceNames } from '../discovery.js';
import { transactionAsync } from './async.js';
import { commandsRequest } from './commands.js';
import { asObject, checkCuts, checkNotReport, onUiServer, unexpected } from './exchange.js';
import { transaction } from './send.js';
export const build = (context) => ({
  transaction: (request, options) => transaction(context, request, options),
  transactionAsync: (request, options) => transactionAsync(context, request, options),
  async transactionGet(request) {
    const path = '/api/v2/transaction/get';
    const body = asObject(
      context,
      await onUiServer(context, { method: 'POST', path, object: request.ServiceName, body: request, kind: 'read' }),
      'the transaction/get answer',
      `POST ${path}`,
      request.ServiceName,
    );
    if (!Array.isArray(body['Transactions']))
      throw unexpected(
        context,
        `${request.ServiceName}: the transaction/get answer has no Transactions: ${context.http.show(body)}`,
        `POST ${path}`,
        request.ServiceName,
      );
    return body;
  },
  async commands(service, request, options) {
    checkNotReport(request);
    checkCuts(context, request, options);
    return onUiServer(context, {
      method: 'POST',
      path: '/api/v2/commands',
      object: request.Name,
      body: commandsRequest(service, request),
      kind: 'write',
    });
  },
  async services() {
    const path = '/api/v2/services';
    const body = await onUiServer(context, { method: 'GET', path, kind: 'read' });
    const names = serviceNames(body);
    if (!names)
      throw unexpected(
        context,
        `the service list is none of the forms known: ${context.http.show(body)}`,
        `GET ${path}`,
      );
    return names;
  },
  async serverBuild() {
    return readServerBuild(context.http, await context.uiServer());
  },
  async report(request) {
    if (!isReportService(request.Name))
      throw new ErpError(`${request.Name} is not a report service (m_*); use client.transaction()`);
    const path = '/api/v2/process/pdfreport';
    // a report reads: it may be retried like any read
    return context.http.bytes({
      method: 'POST',
      url: `${await context.uiServer()}${path}`,
      shown: path,
      object: request.Name,
      body: request,
      kind: 'read',
    });
  },
});
