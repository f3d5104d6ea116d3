import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { Injectable, NotFoundException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { InjectConfig, type AppConfig } from '@app/platform';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1, and 127.x written as IPv4-mapped IPv6 (::ffff:127.0.0.1): this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (isIPv4(address)) return loopback.check(address, 'ipv4');
  return isIPv6(address) && loopback.check(address, 'ipv6');
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** A proxy's note of its client ("[::1]:4711", "127.0.0.1:80", "\"::1\"") as a bare address. */
function bareAddress(value: string): string {
  const unquoted = value.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\]/.exec(unquoted);
  if (bracketed?.[1]) return bracketed[1];
  return /^[\d.]+:\d+$/.test(unquoted) ? unquoted.slice(0, unquoted.lastIndexOf(':')) : unquoted;
}

/**
 * When a proxy relayed the request: the clients the nearest proxy reports (the last entry it
 * appended to each header it sets). Undefined when nothing says a proxy was involved.
 */
function clientsReportedByProxy(headers: IncomingHttpHeaders): string[] | undefined {
  const forwardedFor = header(headers, 'x-forwarded-for');
  const realIp = header(headers, 'x-real-ip');
  const forwarded = header(headers, 'forwarded');
  if ([forwardedFor, realIp, forwarded, header(headers, 'via')].every((value) => value === undefined)) {
    return undefined;
  }
  const reported: string[] = [];
  if (forwardedFor !== undefined) reported.push(bareAddress(forwardedFor.split(',').at(-1) ?? ''));
  if (realIp !== undefined) reported.push(bareAddress(realIp));
  if (forwarded !== undefined) {
    const parameters = (forwarded.split(',').at(-1) ?? '').split(';');
    const client = parameters.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('for='));
    reported.push(bareAddress(client?.slice('for='.length) ?? ''));
  }
  return reported;
}

/**
 * Whether the local inbox may answer this request. It shows every email the product sent, reset
 * links included, so it answers only while email is in its local test mode (no SMTP_URL, not
 * production) and only a caller on this machine: the socket's peer address decides, never a header
 * a client could forge. Headers can only refuse more: a request relayed by a proxy on this machine
 * (a tunnel, a dev server bound to every interface) answers only when the proxy says its own client
 * was on this machine too; a proxy that says nothing about its client (Via alone) is refused.
 */
export function localInboxAnswers(
  config: Pick<AppConfig, 'SMTP_URL' | 'NODE_ENV'>,
  request: { headers: IncomingHttpHeaders; socket: { remoteAddress?: string } },
): boolean {
  if (config.SMTP_URL || config.NODE_ENV === 'production') return false;
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  const proxied = clientsReportedByProxy(request.headers);
  return proxied === undefined || (proxied.length > 0 && proxied.every(isLoopbackAddress));
}

/** Everything the inbox may not answer gets 404, as if it did not exist. */
@Injectable()
export class LocalInboxGuard implements CanActivate {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (!localInboxAnswers(this.config, context.switchToHttp().getRequest<Request>())) {
      throw new NotFoundException('Not found');
    }
    return true;
  }
}
