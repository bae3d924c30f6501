import type { AgreementType } from '@cloudphone/contracts/client';
import type { AgreementContent, CustomerService } from '@cloudphone/contracts/content';
import type { Article, SinglePage } from '@cloudphone/contracts/discover';
import { AppError } from '../app-error';
import { inCallerLanguage } from '../../http/caller-language';
import type { RepositoriesOf } from '../../repositories/index';
import { matchesKeyword, pageOf } from './text-search';

/** Merchant content shown to users: agreements, customer service, and Discover's articles and pages. */
export class ContentService {
  constructor(private readonly repos: RepositoriesOf<'content' | 'cmsPages'>) {}

  async articles(
    clientId: number,
    query: { pageNo: number; pageSize: number; keyword?: string },
  ): Promise<{ list: Article[]; total: number }> {
    const articles = (await this.repos.cmsPages.ofClient(clientId, 'article')).filter((a) =>
      matchesKeyword([a.title, a.summary], query.keyword),
    );
    const { list, total } = pageOf(articles, query.pageNo, query.pageSize);
    return {
      list: list.map((a) => ({
        id: a.id,
        title: inCallerLanguage(a.title),
        summary: inCallerLanguage(a.summary),
        coverUrl: a.coverUrl,
        createTime: a.createdAt,
      })),
      total,
    };
  }

  async singlePage(clientId: number, id: number): Promise<SinglePage> {
    const page = await this.repos.cmsPages.find(clientId, id);
    if (!page) throw new AppError('pageNotFound');
    return {
      id,
      title: inCallerLanguage(page.title),
      content: inCallerLanguage(page.content),
      updateTime: page.updatedAt,
    };
  }

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
