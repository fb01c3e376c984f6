//===- Facts.cpp - JSON form of scan facts --------------------------------===//
#include "Facts/Facts.h"
#include "Facts/FactsFields.h"

#include "llvm/Support/xxhash.h"

namespace skgen {

schema::VariantOptions variantOptions(const FamilyOptions &O,
                                      bool FunctionalFirst) {
  schema::VariantOptions VO;
  VO.FunctionalOverload = O.FunctionalOverload;
  VO.InplaceOverload = O.InplaceOverload;
  VO.InplaceArg = O.InplaceArg;
  VO.LegacyOp = O.LegacyOp;
  VO.GenerateFunctional = !O.NoFunctional;
  VO.GenerateInplace = !O.NoInplace;
  VO.FunctionalFirst = FunctionalFirst;
  VO.WithOut = O.WithOut;
  VO.WithInplace = O.WithInplace;
  return VO;
}

std::string hashContent(const std::string &Content) {
  uint64_t H = llvm::xxHash64(Content);
  char Buf[17];
  snprintf(Buf, sizeof(Buf), "%016llx", static_cast<unsigned long long>(H));
  return Buf;
}

void to_json(nlohmann::json &J, const SourceLoc &L) {
  J = JSONWriter::write(L);
}
void to_json(nlohmann::json &J, const CharRange &R) {
  J = JSONWriter::write(R);
}
void to_json(nlohmann::json &J, const Diagnostic &D) {
  J = JSONWriter::write(D);
}
void to_json(nlohmann::json &J, const DerivativeFact::Use &U) {
  J = JSONWriter::write(U);
}
void to_json(nlohmann::json &J, const DerivativeFact &D) {
  J = JSONWriter::write(D);
}
void to_json(nlohmann::json &J, const FamilyOptions &O) {
  J = JSONWriter::write(O);
}
void to_json(nlohmann::json &J, const CppParamFact &P) {
  J = JSONWriter::write(P);
}
void to_json(nlohmann::json &J, const KernelFact &K) {
  J = JSONWriter::write(K);
}
void to_json(nlohmann::json &J, const TUFacts &T) { J = JSONWriter::write(T); }

bool readFacts(const nlohmann::json &J, std::vector<TUFacts> &Out,
               JSONMappingError &Error) {
  std::vector<TUFacts> Read(1);
  if (J.is_array() ? !JSONReader::readMapped(J, Read, Error)
                   : !JSONReader::readMapped(J, Read.front(), Error))
    return false;
  Out.insert(Out.end(), std::make_move_iterator(Read.begin()),
             std::make_move_iterator(Read.end()));
  return true;
}

} // namespace skgen
