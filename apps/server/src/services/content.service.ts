import type { AgreementType } from '@cloudphone/contracts/client';
import type { AgreementContent, CustomerService } from '@cloudphone/contracts/content';
import { AppError } from '../http/app-error';
import { inCallerLanguage } from '../http/caller-language';
import type { RepositoriesOf } from '../repositories/index';

/** Merchant content shown to users: agreements, advertisements, customer service, device grades. */
export class ContentService {
  constructor(private readonly repos: RepositoriesOf<'content'>) {}

  async agreement(clientId: number, type: AgreementType): Promise<AgreementContent> {
    const agreement = await this.repos.content.agreement(clientId, type);
    if (!agreement) throw new AppError('agreementNotFound');
    return { ...agreement, name: inCallerLanguage(agreement.name), content: inCallerLanguage(agreement.content) };
  }

  async customerService(clientId: number): Promise<CustomerService> {
    const contact = await this.repos.content.customerService(clientId);
    if (!contact || (!contact.qrCodeUrl && !contact.link)) throw new AppError('noCustomerService');
    return contact;
  }
}
