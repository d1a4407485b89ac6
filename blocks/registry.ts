import type { BlockComponent, BlockType } from './types';
import { BrandGrid } from './BrandGrid/BrandGrid';
import { ComingSoon } from './ComingSoon/ComingSoon';
import { FeaturedStock } from './FeaturedStock/FeaturedStock';
import { Hero } from './Hero/Hero';
import { PromotionBanner } from './PromotionBanner/PromotionBanner';
import { RichText } from './RichText/RichText';
import { SearchResults } from './SearchResults/SearchResults';
import { Section } from './Section/Section';
import { SimilarCars } from './SimilarCars/SimilarCars';
import { SiteFooter } from './SiteFooter/SiteFooter';
import { SiteHeader } from './SiteHeader/SiteHeader';
import { StatsBanner } from './StatsBanner/StatsBanner';
import { DeliveryCalculator } from './DeliveryCalculator/DeliveryCalculator';
import { PrintVehicle } from './PrintVehicle/PrintVehicle';
import { VehiclePrint } from './VehiclePrint/VehiclePrint';
import { MarketGauge } from './MarketGauge/MarketGauge';
import { FavouritesList } from './FavouritesList/FavouritesList';
import { VehicleMobileBar } from './VehicleMobileBar/VehicleMobileBar';
import { VehicleActions } from './VehicleActions/VehicleActions';
import { VehicleStructuredData } from './VehicleStructuredData/VehicleStructuredData';
import { VehicleSidebar } from './VehicleSidebar/VehicleSidebar';
import { VehicleLayout } from './VehicleLayout/VehicleLayout';
import { VehicleInformation } from './VehicleInformation/VehicleInformation';
import { VehicleGallery } from './VehicleGallery/VehicleGallery';
import { VehicleBreadcrumbs } from './VehicleBreadcrumbs/VehicleBreadcrumbs';
import { FuelCalculator } from './FuelCalculator/FuelCalculator';
import { DealerComments } from './DealerComments/DealerComments';
import { VehicleVideo } from './VehicleVideo/VehicleVideo';
import { EnquiryForm } from './EnquiryForm/EnquiryForm';
import { EnquirySuccess } from './EnquirySuccess/EnquirySuccess';
import { FormModalButton } from './FormModalButton/FormModalButton';
import { LocationDetail } from './LocationDetail/LocationDetail';
import { LocationsCarousel } from './LocationsCarousel/LocationsCarousel';
import { LocationsListing } from './LocationsListing/LocationsListing';
import { VehicleLocation } from './VehicleLocation/VehicleLocation';
import { FinanceCalculator } from './FinanceCalculator/FinanceCalculator';
import { TradeInValuation } from './TradeInValuation/TradeInValuation';
import { ReserveCheckout } from './ReserveCheckout/ReserveCheckout';
import { SignIn } from './SignIn/SignIn';
import { WatchlistCars } from './WatchlistCars/WatchlistCars';
import { AccountSummary } from './AccountSummary/AccountSummary';
import { VehiclePlugins } from './VehiclePlugins/VehiclePlugins';
import { ModelsListing } from './ModelsListing/ModelsListing';
import { ModelDetail } from './ModelDetail/ModelDetail';
import { ColourPicker } from './ColourPicker/ColourPicker';
import { OrderNowSummary } from './OrderNowSummary/OrderNowSummary';
import { BrandOverview } from './BrandOverview/BrandOverview';
import { SpecialOffers } from './SpecialOffers/SpecialOffers';
import { PromotionsSlider } from './PromotionsSlider/PromotionsSlider';
import { BlogCards } from './BlogCards/BlogCards';
import { WhyBuyFromUs } from './WhyBuyFromUs/WhyBuyFromUs';
import { TradeInFaq } from './TradeInFaq/TradeInFaq';
import { Warranty } from './Warranty/Warranty';
import { ReturnPolicy } from './ReturnPolicy/ReturnPolicy';
import { PaymentLogos } from './PaymentLogos/PaymentLogos';
import { SalesCounter } from './SalesCounter/SalesCounter';
import { PriceRangeSearch } from './PriceRangeSearch/PriceRangeSearch';
import { ServiceBookingLinks } from './ServiceBookingLinks/ServiceBookingLinks';
import { CompareVehicles } from './CompareVehicles/CompareVehicles';
import { CompareTray } from './CompareTray/CompareTray';
import { ChatBubble } from './ChatBubble/ChatBubble';
import { StockFacetTiles } from './StockFacetTiles/StockFacetTiles';
import { UnsubscribeForm } from './UnsubscribeForm/UnsubscribeForm';

/**
 * Block type -> component, every block; typed so each gets its own props. Only the Studio's preview
 * renders through it (a draft may hold any block): the shopper's routes each render one page kind's
 * blocks (blocks/kinds/*.generated.ts, issue 34), so a page carries only their code.
 */
export const blockRegistry: { [T in BlockType]: BlockComponent<T> } = {
  BrandGrid,
  ComingSoon,
  FeaturedStock,
  Hero,
  PromotionBanner,
  RichText,
  SearchResults,
  Section,
  SimilarCars,
  SiteFooter,
  SiteHeader,
  StatsBanner,
  DeliveryCalculator,
  PrintVehicle,
  VehiclePrint,
  MarketGauge,
  FavouritesList,
  VehicleMobileBar,
  VehicleActions,
  VehicleStructuredData,
  VehicleSidebar,
  VehicleLayout,
  VehicleInformation,
  VehicleGallery,
  VehicleBreadcrumbs,
  FuelCalculator,
  DealerComments,
  VehicleVideo,
  EnquiryForm,
  EnquirySuccess,
  FormModalButton,
  LocationDetail,
  LocationsCarousel,
  LocationsListing,
  VehicleLocation,
  FinanceCalculator,
  TradeInValuation,
  ReserveCheckout,
  SignIn,
  WatchlistCars,
  AccountSummary,
  VehiclePlugins,
  SpecialOffers,
  PromotionsSlider,
  BlogCards,
  WhyBuyFromUs,
  TradeInFaq,
  Warranty,
  ReturnPolicy,
  PaymentLogos,
  SalesCounter,
  PriceRangeSearch,
  ServiceBookingLinks,
  CompareVehicles,
  CompareTray,
  ChatBubble,
  StockFacetTiles,
  UnsubscribeForm,
  ModelsListing,
  ModelDetail,
  ColourPicker,
  OrderNowSummary,
  BrandOverview,
};
