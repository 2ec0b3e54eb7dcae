import { DynamicModule, Inject, Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { Database, connectDatabase, migrate } from '@cardlog/store';
import { PROJECTOR_CONFIG, ProjectorConfig } from './config';

export const PROJECTOR_DATABASE = Symbol('ProjectorDatabase');

/**
 * The projector's process: today it connects and checks the schema; the read models and the Kafka
 * consumer group that feeds them plug in here.
 */
@Injectable()
export class ProjectorLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProjectorLifecycle.name);

  constructor(
    @Inject(PROJECTOR_DATABASE) private readonly db: Database,
    @Inject(PROJECTOR_CONFIG) private readonly config: ProjectorConfig,
  ) {}

  onApplicationBootstrap(): void {
    const transport = this.config.kafkaBrokers ? `Kafka ${this.config.kafkaBrokers.join(',')}` : 'the in-process bus';
    this.logger.log(`projector ready on ${this.db.describe}, fed by ${transport}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.db.close();
  }
}

@Module({})
export class ProjectorModule {
  static forRoot(config: ProjectorConfig): DynamicModule {
    return {
      module: ProjectorModule,
      imports: [LoggerModule.forRoot({ pinoHttp: { level: config.logLevel, customProps: () => ({ app: 'projector' }) } })],
      providers: [
        { provide: PROJECTOR_CONFIG, useValue: config },
        {
          provide: PROJECTOR_DATABASE,
          useFactory: async () => {
            const db = await connectDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
            await migrate(db.sql);
            return db;
          },
        },
        ProjectorLifecycle,
      ],
    };
  }
}
