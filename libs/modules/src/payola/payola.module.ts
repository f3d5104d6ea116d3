import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/index.js';
import { PayolaController } from './http/payola.controller.js';

/** The Payola ledger's read side (the api). Rewards are granted by reactors in the worker. */
@Module({
  imports: [IdentityModule],
  controllers: [PayolaController],
})
export class PayolaModule {}
