import { BeforeApplicationShutdown, Inject, Injectable, Logger, Module } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ROUND_RECORDED, TournamentBundle, tournamentStreamId } from '@cardlog/events';
import { Principal, TournamentRecorder } from '@cardlog/recording';
import { DEMO_TOURNAMENTS, DemoTournamentPlan, demoRounds, simulateDemoTournament } from '@cardlog/rules';
import { Database, EventStore } from '@cardlog/store';
import { API_CONFIG, ApiConfig } from '../config';
import { DATABASE } from '../database/database.module';
import { Pipeline } from '../pipeline/pipeline.module';
import { TournamentsModule } from '../tournaments/tournaments';

export interface DemoReport {
  readonly tournaments: number;
  readonly rounds: number;
  readonly games: number;
  /** From the start of loading until the last round was recorded, and until the read models had it all. */
  readonly recordedMs: number;
  readonly projectedMs: number | null;
}

/** Who the demo's events name as their recorder (metadata.actor). */
const DEMO_ORGANISER: Principal = { tokenId: 'demo', name: 'demo', scope: 'record', tournaments: null };

/**
 * Fills an empty database with one simulated tournament per game system (DEMO_TOURNAMENTS), through
 * the same TournamentRecorder an organiser's upload goes through. It runs after the server listens:
 * the bots play in a worker thread, and each tournament is recorded round by round (its first round
 * with the registration, then one PUT-equivalent per round), so no transaction holds the embedded
 * database for long and the standings grow while the user looks.
 *
 * "Empty" means no game is stored. A start interrupted mid-demo resumes it: once any demo tournament
 * exists, each missing tournament or round is added (the plans are seeded, so the bundles are the same).
 */
@Injectable()
export class DemoLoader implements BeforeApplicationShutdown {
  private readonly logger = new Logger(DemoLoader.name);
  private stopping = false;
  private worker: Worker | null = null;
  private running: Promise<DemoReport | null> | null = null;

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(DATABASE) private readonly db: Database,
    private readonly store: EventStore,
    private readonly tournaments: TournamentRecorder,
    private readonly pipeline: Pipeline,
  ) {}

  /** What is left to load: every plan with the rounds already recorded; null when the demo is off or the database holds other games. */
  async pending(): Promise<{ plan: DemoTournamentPlan; recordedRounds: number }[] | null> {
    if (!this.config.demo) return null;
    const recorded = await Promise.all(DEMO_TOURNAMENTS.map(async (plan) => ({ plan, recordedRounds: await this.recordedRounds(plan.id) })));
    const started = recorded.some((r) => r.recordedRounds > 0);
    if (!started) {
      const [row] = await this.db.sql<{ any: boolean }[]>`select exists (select 1 from games) as any`;
      if (row?.any) return null;
    }
    return recorded.filter((r) => r.recordedRounds < demoRounds(r.plan));
  }

  /** Starts loading in the background; the promise settles when it is done (null: nothing to do). */
  start(): Promise<DemoReport | null> {
    this.running ??= this.load().catch((error: Error) => {
      if (this.stopping) return null;
      this.logger.error(`demo data could not be loaded: ${error.stack ?? error.message}`);
      return null;
    });
    return this.running;
  }

  private async load(): Promise<DemoReport | null> {
    const todo = await this.pending();
    if (!todo || todo.length === 0) return null;
    const started = Date.now();
    let rounds = 0;
    let games = 0;
    const bundles = this.simulate(todo.map((t) => t.plan));
    for (const { plan, recordedRounds } of todo) {
      const bundle = await bundles.next(plan.id);
      for (let i = recordedRounds; i < bundle.rounds.length; i++) {
        if (this.stopping) return null;
        const round = bundle.rounds[i]!;
        const result =
          i === 0
            ? await this.tournaments.register({ ...bundle, rounds: [round] }, { principal: DEMO_ORGANISER })
            : await this.tournaments.addRound(bundle.tournament.id, round.number, round, { principal: DEMO_ORGANISER });
        rounds += 1;
        games += result.games;
        // Let waiting requests have the (single) embedded connection between rounds.
        await new Promise((resolve) => setImmediate(resolve));
      }
      this.logger.log(`demo: ${bundle.tournament.name} (${plan.system}) recorded, ${bundle.players.length} players, ${bundle.rounds.length} rounds`);
    }
    bundles.close();
    const recordedMs = Date.now() - started;
    const projectedMs = (await this.projected()) ? Date.now() - started : null;
    return { tournaments: todo.length, rounds, games, recordedMs, projectedMs };
  }

  private async recordedRounds(tournamentId: string): Promise<number> {
    const streamId = tournamentStreamId(tournamentId);
    if ((await this.store.streamVersion(streamId)) === 0) return 0;
    return (await this.store.readStream(streamId)).filter((e) => e.type === ROUND_RECORDED).length;
  }

  /** In-process, waits until the read models hold every recorded event; with Kafka the projector's progress is not ours to see. */
  private async projected(): Promise<boolean> {
    if (this.pipeline.mode !== 'in-process') return false;
    for (;;) {
      if (this.stopping) return false;
      const lag = await this.pipeline.relayLag();
      if (!lag || lag.events === 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /**
   * The bundles, played by a worker thread from the built app (apps/api/dist); inline when running
   * from sources (tests), where there is no compiled worker to start.
   */
  private simulate(plans: readonly DemoTournamentPlan[]) {
    const workerFile = join(__dirname, 'simulate-worker.js');
    const ready = new Map<string, TournamentBundle>();
    const waiting = new Map<string, (bundle: TournamentBundle) => void>();
    let failure: Error | null = null;
    const failed = new Set<(error: Error) => void>();
    if (__filename.endsWith('.js') && existsSync(workerFile)) {
      const worker = new Worker(workerFile, { workerData: { ids: plans.map((p) => p.id) } });
      this.worker = worker;
      worker.on('message', ({ id, bundle }: { id: string; bundle: TournamentBundle }) => {
        const resolve = waiting.get(id);
        if (resolve) resolve(bundle);
        else ready.set(id, bundle);
      });
      worker.on('error', (error) => {
        failure = error;
        failed.forEach((reject) => reject(error));
      });
    }
    return {
      next: (id: string): Promise<TournamentBundle> => {
        if (!this.worker) {
          const plan = plans.find((p) => p.id === id)!;
          return new Promise((resolve) => setImmediate(() => resolve(simulateDemoTournament(plan))));
        }
        const bundle = ready.get(id);
        if (bundle) return Promise.resolve(bundle);
        if (failure) return Promise.reject(failure);
        return new Promise((resolve, reject) => {
          waiting.set(id, resolve);
          failed.add(reject);
        });
      },
      close: () => {
        void this.worker?.terminate();
        this.worker = null;
      },
    };
  }

  /** Before the database closes: stop after the round in progress (its transaction commits or rolls back whole). */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.worker?.terminate();
    await this.running;
  }
}

/** The demo loader, beside the tournament recorder it records through. */
@Module({ imports: [TournamentsModule], providers: [DemoLoader], exports: [DemoLoader] })
export class DemoModule {}
