import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CatalogModule } from '@app/modules/catalog';
import { IdentityModule } from '@app/modules/identity';
import { MediaModule } from '@app/modules/media';
import { MembershipModule } from '@app/modules/membership';
import { OperatorsModule } from '@app/modules/operators';
import { OutreachModule } from '@app/modules/outreach';
import { PayolaModule } from '@app/modules/payola';
import { ShopModule } from '@app/modules/shop';
import { PlatformModule } from '@app/platform';
import { HealthController } from './health/health.controller.js';
import { EventStoreModule } from './infrastructure/event-store.module.js';
import { RequestLoggingModule } from './infrastructure/request-logging.js';
import { SharedApiModule } from './infrastructure/shared-api.module.js';

@Module({
  imports: [
    PlatformModule.forRoot('api'),
    RequestLoggingModule,
    CqrsModule.forRoot(),
    EventStoreModule,
    SharedApiModule,
    IdentityModule,
    PayolaModule,
    MembershipModule,
    CatalogModule,
    OutreachModule,
    MediaModule,
    OperatorsModule,
    ShopModule,
  ],
  controllers: [HealthController],
})
export class ApiModule {}
