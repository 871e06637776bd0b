import http from 'node:http';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createRequestActivity, trackRequestActivity, type RequestActivity } from './request-activity.ts';

/** A promise and its resolve function. */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('requests in flight', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function appWith(activity: RequestActivity) {
    const app = Fastify();
    apps.push(app);
    trackRequestActivity(app, activity);
    const release = deferred();
    const stream = new PassThrough();
    app.get('/slow', async () => {
      await release.promise;
      return { ok: true };
    });
    app.get('/fails', async () => {
      throw new Error('broken');
    });
    app.get('/events', (_request, reply) => {
      stream.write('data: ready\n\n');
      return reply.header('Content-Type', 'text/event-stream').send(stream);
    });
    await app.ready();
    return { app, release, stream };
  }

  it('counts a request until its answer is sent; quiet() waits for it', async () => {
    const activity = createRequestActivity();
    const { app, release } = await appWith(activity);
    const answered = app.inject({ method: 'GET', url: '/slow' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(activity.inFlight).toBe(1);
    const quiet = activity.quiet(60_000);
    expect(await settled(quiet)).toBe(false);
    release.resolve();
    expect((await answered).statusCode).toBe(200);
    expect(activity.inFlight).toBe(0);
    expect(await settled(quiet)).toBe(true);
  });

  it('counts a failed request as ended too', async () => {
    const activity = createRequestActivity();
    const { app } = await appWith(activity);
    expect((await app.inject({ method: 'GET', url: '/fails' })).statusCode).toBe(500);
    expect(activity.inFlight).toBe(0);
  });

  it('gives up waiting after maxWaitMs while requests keep coming', async () => {
    const activity = createRequestActivity();
    const end = activity.begin();
    const started = performance.now();
    await activity.quiet(30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    end();
    end();
    expect(activity.inFlight).toBe(0);
  });

  it('stops counting an event stream once its head is sent, while the stream stays open', async () => {
    const activity = createRequestActivity();
    const { app, stream } = await appWith(activity);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${address}/events`, resolve).on('error', reject),
    );
    expect(response.headers['content-type']).toBe('text/event-stream');
    expect(activity.inFlight).toBe(0);
    response.destroy();
    stream.end();
  });
});
