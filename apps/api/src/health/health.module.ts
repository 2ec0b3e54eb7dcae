import { Module } from '@nestjs/common';
import { HealthConnection } from './health-connection';
import { HealthController } from './health.controller';

@Module({
  controllers: [HealthController],
  providers: [HealthConnection],
})
export class HealthModule {}
