import { useMemo, useState } from 'react';
import { Button, Card, Classes, H2, HTMLTable, Icon, Intent, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { EquipmentDetail, ProductMarketInfo } from '../../../../../contract/equipment';
import { SanitizedHtml } from '../../../components/SanitizedHtml';
import { useProductResources } from '../api/productInformation';
import { MoreInfoDialog } from './MoreInfoDialog';

const SPECIFICATIONS = ['length', 'width', 'depth', 'height', 'weight'] as const;

const layout = { display: 'grid', gridTemplateColumns: 'minmax(200px, 280px) 1fr', gap: 24, alignItems: 'start' };
const picture = { maxWidth: '100%', maxHeight: 240, objectFit: 'contain' } as const;

/**
 * The Product information tab (spec 2 section 2): the catalogue's picture, name, short description and part
 * number with Request more info, and sub-tabs Overview (long description and specifications) and Resources (only
 * when the product page's resource block could be read).
 */
export function ProductInformationTab({ equipment }: { equipment: EquipmentDetail }) {
  const product = equipment.productMarketInfo;
  const { t } = useTranslation();
  if (!product) return <p className={Classes.TEXT_MUTED}>{t('productInfo:none')}</p>;
  return <ProductInformation equipment={equipment} product={product} />;
}

function ProductInformation({ equipment, product }: { equipment: EquipmentDetail; product: ProductMarketInfo }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [subTab, setSubTab] = useState<'overview' | 'resources'>('overview');
  const [brokenImage, setBrokenImage] = useState(false);
  const resources = useProductResources(equipment.equipmentId);
  const name = product.displayName ?? [product.brandName, product.modelName].filter(Boolean).join(' ');
  const shortDescription = useMemo(() => [product.shortDescription ?? ''], [product.shortDescription]);
  const longDescription = useMemo(() => [product.longDescription ?? ''], [product.longDescription]);
  const resourceBlock = useMemo(() => (resources.data ? [resources.data.html] : null), [resources.data]);
  const specifications = SPECIFICATIONS.filter((key) => product[key]);

  return (
    <div style={{ paddingTop: 8 }}>
      <div style={{ ...layout, marginBottom: 16 }}>
        <Card compact style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 160 }}>
          {product.largeImageUrl && !brokenImage ? (
            <img
              src={product.largeImageUrl}
              alt={t('productInfo:image_alt', { name })}
              referrerPolicy="no-referrer"
              style={picture}
              onError={() => setBrokenImage(true)}
            />
          ) : (
            <Icon icon="media" size={48} className={Classes.TEXT_MUTED} aria-label={t('productInfo:no_image')} />
          )}
        </Card>
        <div>
          <H2 className="portal-heading-3">{name}</H2>
          {/* Rich text since the catalogue is edited in the rich-text editor; plain text shows as it is. */}
          {product.shortDescription && <SanitizedHtml lines={shortDescription} className={Classes.RUNNING_TEXT} />}
          <p>
            <span className={Classes.TEXT_MUTED}>{t('productInfo:part_number')}: </span>
            <strong>{product.partNumber}</strong>
          </p>
          <Button
            icon="envelope"
            intent={Intent.PRIMARY}
            text={t('productInfo:request_more_info')}
            onClick={() => setAsking(true)}
          />
        </div>
      </div>
      <Tabs
        id="product-information-tabs"
        selectedTabId={subTab}
        onChange={(id) => setSubTab(id as 'overview' | 'resources')}
        renderActiveTabPanelOnly
      >
        <Tab
          id="overview"
          title={t('productInfo:tab_overview')}
          panel={
            <div>
              {product.longDescription ? (
                <SanitizedHtml lines={longDescription} className={Classes.RUNNING_TEXT} />
              ) : (
                <p className={Classes.TEXT_MUTED}>{t('productInfo:no_description')}</p>
              )}
              {specifications.length > 0 && (
                <>
                  <h3 className={`${Classes.HEADING} portal-heading-4`} id="product-specifications">
                    {t('productInfo:specifications')}
                  </h3>
                  <HTMLTable compact striped aria-labelledby="product-specifications">
                    <tbody>
                      {specifications.map((key) => (
                        <tr key={key}>
                          <th scope="row">{t(`productInfo:spec_${key}`)}</th>
                          <td>{product[key]}</td>
                        </tr>
                      ))}
                    </tbody>
                  </HTMLTable>
                </>
              )}
            </div>
          }
        />
        {resourceBlock && (
          <Tab
            id="resources"
            title={t('productInfo:tab_resources')}
            panel={
              <div>
                <SanitizedHtml lines={resourceBlock} linksInNewTab className={Classes.RUNNING_TEXT} />
                <p className={Classes.TEXT_MUTED}>
                  <a href={resources.data!.sourceUrl} target="_blank" rel="noopener noreferrer">
                    {t('productInfo:open_product_page')}
                  </a>
                </p>
              </div>
            }
          />
        )}
      </Tabs>
      {resources.isPending && subTab === 'overview' && (
        <Spinner size={16} aria-label={t('productInfo:resources_loading')} style={{ marginTop: 8 }} />
      )}
      {asking && <MoreInfoDialog equipment={equipment} product={product} onClose={() => setAsking(false)} />}
    </div>
  );
}
