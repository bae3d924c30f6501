import { accessSync, constants } from 'node:fs';
import type { FastifyInstance } from 'fastify';
// The port's /ready and /metrics (app.readiness, app.metrics), which the host adds its figures to.
import type {} from '@cloudphone/serving/operations';
import { Counter, Gauge } from 'prom-client';
import type { PhoneStatus } from '@cloudphone/contracts/stream';
import type { DeviceHost } from '../host';
import type { PhoneDriver } from '../drivers/phone-driver';

/**
 * What a host adds to the /ready and /metrics of the port it is mounted on (its own, or the server's):
 * its store and encoder as checks; its phones, streams, viewers and encoders' CPU as figures, read
 * when scraped from what the host already keeps.
 */
export function reportHost(app: FastifyInstance, host: DeviceHost<PhoneDriver>): void {
  app.readiness.add('store', () => `phones: ${host.store.countPhones()}`);
  app.readiness.add('encoder', () => {
    const ffmpeg = host.ffmpeg;
    if (!ffmpeg) return 'JPEG: no ffmpeg with libx264';
    try {
      accessSync(ffmpeg.path, constants.X_OK);
    } catch {
      throw new Error(`ffmpeg ${ffmpeg.path} can no longer be run`);
    }
    return `H.264 with ffmpeg ${ffmpeg.version}`;
  });

  const registers = [app.metrics];
  new Gauge({
    name: 'cloudphone_host_phones',
    help: "The host's phones, by status",
    labelNames: ['status'],
    registers,
    collect() {
      const counts = new Map<PhoneStatus, number>();
      for (const phone of host.fleet.list()) counts.set(phone.status(), (counts.get(phone.status()) ?? 0) + 1);
      this.reset();
      for (const [status, phones] of counts) this.set({ status }, phones);
    },
  });
  new Gauge({
    name: 'cloudphone_host_streams',
    help: 'Phone screens streaming now: one per phone, definition and codec watched, shared by its viewers',
    registers,
    collect() {
      this.set(host.feeds.count);
    },
  });
  new Gauge({
    name: 'cloudphone_host_viewers',
    help: "Viewers connected to the host's phones (one per open stream)",
    registers,
    collect() {
      this.set(host.viewerCount());
    },
  });
  new Gauge({
    name: 'cloudphone_host_encoders',
    help: 'H.264 encoders (ffmpeg processes) encoding a phone screen now',
    registers,
    collect() {
      this.set(host.feeds.encodersInUse);
    },
  });
  let counted = 0;
  new Counter({
    name: 'cloudphone_host_encoder_cpu_seconds_total',
    help: "CPU time of the host's H.264 encoders, which run as processes of their own (Linux); the host's own is process_cpu_seconds_total",
    registers,
    collect() {
      const spent = host.feeds.encoderCpuSeconds();
      if (spent > counted) this.inc(spent - counted);
      counted = Math.max(counted, spent);
    },
  });
}
