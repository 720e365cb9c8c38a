import type { FastifyRequest } from 'fastify';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 on a dual-stack socket. */
const LOOPBACK = /^(?:(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1)$/i;

/** Headers a proxy adds for the client it relays: a request carrying one did not start on this machine. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * The request came straight from a program on this machine: the socket's peer is a loopback
 * address (never `request.ip`, which TRUST_PROXY may take from X-Forwarded-For) and no proxy says
 * it relayed someone else (a reverse proxy on the same machine also connects from 127.0.0.1).
 * For development aids that show or change other people's data (the outbox, the sandbox checkout).
 */
export function isLoopbackPeer(request: FastifyRequest): boolean {
  if (!LOOPBACK.test(request.socket.remoteAddress ?? '')) return false;
  return !FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined);
}
