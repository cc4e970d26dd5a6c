module {
  tt.func public @sort_flip_scalar(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32>) attributes {noinline = false} {
    %cst = arith.constant dense<1> : tensor<1x1x1x1x1x2xi32>
    %cst_0 = arith.constant dense<1> : tensor<1x1x1x1x2x1xi32>
    %cst_1 = arith.constant dense<1> : tensor<1x1x1x2x1x1xi32>
    %cst_2 = arith.constant dense<1> : tensor<1x1x2x1x1x1xi32>
    %cst_3 = arith.constant dense<1> : tensor<1x2x1x1x1x1xi32>
    %cst_4 = arith.constant dense<1> : tensor<2x1x1x1x1x1xi32>
    %c128_i32 = arith.constant 128 : i32
    %c64_i32 = arith.constant 64 : i32
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %2 = tt.addptr %1, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %3 = tt.load %2 : tensor<64x!tt.ptr<f32>>
    %4 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %5 = tt.addptr %4, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %6 = tt.reshape %3 : tensor<64xf32> -> tensor<2x2x2x2x2x2xf32>
    %7 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %8 = tt.reshape %7 : tensor<2xi32> -> tensor<1x1x1x1x2x1xi32>
    %9 = tt.bitcast %6 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %10 = "tt.reduce"(%9) <{axis = 5 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %11 = tt.expand_dims %10 {axis = 5 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x2x2x1xi32>
    %12 = tt.broadcast %11 : tensor<2x2x2x2x2x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %13 = arith.xori %9, %12 : tensor<2x2x2x2x2x2xi32>
    %14 = tt.bitcast %13 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %15 = tt.reshape %7 : tensor<2xi32> -> tensor<1x1x1x1x1x2xi32>
    %16 = arith.cmpf ogt, %6, %14 : tensor<2x2x2x2x2x2xf32>
    %17 = tt.broadcast %8 : tensor<1x1x1x1x2x1xi32> -> tensor<1x1x1x1x2x2xi32>
    %18 = tt.broadcast %15 : tensor<1x1x1x1x1x2xi32> -> tensor<1x1x1x1x2x2xi32>
    %19 = arith.xori %17, %18 : tensor<1x1x1x1x2x2xi32>
    %20 = arith.extui %16 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %21 = tt.broadcast %19 : tensor<1x1x1x1x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %22 = arith.cmpi ne, %20, %21 : tensor<2x2x2x2x2x2xi32>
    %23 = arith.select %22, %14, %6 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %24 = tt.reshape %7 : tensor<2xi32> -> tensor<1x1x1x2x1x1xi32>
    %25 = tt.bitcast %23 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %26 = "tt.reduce"(%25) <{axis = 4 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %27 = tt.expand_dims %26 {axis = 4 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x2x1x2xi32>
    %28 = tt.broadcast %27 : tensor<2x2x2x2x1x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %29 = arith.xori %25, %28 : tensor<2x2x2x2x2x2xi32>
    %30 = tt.bitcast %29 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %31 = arith.cmpf ogt, %23, %30 : tensor<2x2x2x2x2x2xf32>
    %32 = tt.broadcast %24 : tensor<1x1x1x2x1x1xi32> -> tensor<1x1x1x2x2x1xi32>
    %33 = tt.broadcast %8 : tensor<1x1x1x1x2x1xi32> -> tensor<1x1x1x2x2x1xi32>
    %34 = arith.xori %32, %33 : tensor<1x1x1x2x2x1xi32>
    %35 = arith.extui %31 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %36 = tt.broadcast %34 : tensor<1x1x1x2x2x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %37 = arith.cmpi ne, %35, %36 : tensor<2x2x2x2x2x2xi32>
    %38 = arith.select %37, %30, %23 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %39 = tt.bitcast %38 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %40 = "tt.reduce"(%39) <{axis = 5 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %41 = tt.expand_dims %40 {axis = 5 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x2x2x1xi32>
    %42 = tt.broadcast %41 : tensor<2x2x2x2x2x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %43 = arith.xori %39, %42 : tensor<2x2x2x2x2x2xi32>
    %44 = tt.bitcast %43 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %45 = arith.cmpf ogt, %38, %44 : tensor<2x2x2x2x2x2xf32>
    %46 = tt.broadcast %24 : tensor<1x1x1x2x1x1xi32> -> tensor<1x1x1x2x1x2xi32>
    %47 = tt.broadcast %15 : tensor<1x1x1x1x1x2xi32> -> tensor<1x1x1x2x1x2xi32>
    %48 = arith.xori %46, %47 : tensor<1x1x1x2x1x2xi32>
    %49 = arith.extui %45 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %50 = tt.broadcast %48 : tensor<1x1x1x2x1x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %51 = arith.cmpi ne, %49, %50 : tensor<2x2x2x2x2x2xi32>
    %52 = arith.select %51, %44, %38 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %53 = tt.reshape %7 : tensor<2xi32> -> tensor<1x1x2x1x1x1xi32>
    %54 = tt.bitcast %52 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %55 = "tt.reduce"(%54) <{axis = 3 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %56 = tt.expand_dims %55 {axis = 3 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x1x2x2xi32>
    %57 = tt.broadcast %56 : tensor<2x2x2x1x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %58 = arith.xori %54, %57 : tensor<2x2x2x2x2x2xi32>
    %59 = tt.bitcast %58 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %60 = arith.cmpf ogt, %52, %59 : tensor<2x2x2x2x2x2xf32>
    %61 = tt.broadcast %53 : tensor<1x1x2x1x1x1xi32> -> tensor<1x1x2x2x1x1xi32>
    %62 = tt.broadcast %24 : tensor<1x1x1x2x1x1xi32> -> tensor<1x1x2x2x1x1xi32>
    %63 = arith.xori %61, %62 : tensor<1x1x2x2x1x1xi32>
    %64 = arith.extui %60 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %65 = tt.broadcast %63 : tensor<1x1x2x2x1x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %66 = arith.cmpi ne, %64, %65 : tensor<2x2x2x2x2x2xi32>
    %67 = arith.select %66, %59, %52 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %68 = tt.bitcast %67 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %69 = "tt.reduce"(%68) <{axis = 4 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %70 = tt.expand_dims %69 {axis = 4 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x2x1x2xi32>
    %71 = tt.broadcast %70 : tensor<2x2x2x2x1x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %72 = arith.xori %68, %71 : tensor<2x2x2x2x2x2xi32>
    %73 = tt.bitcast %72 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %74 = arith.cmpf ogt, %67, %73 : tensor<2x2x2x2x2x2xf32>
    %75 = tt.broadcast %53 : tensor<1x1x2x1x1x1xi32> -> tensor<1x1x2x1x2x1xi32>
    %76 = tt.broadcast %8 : tensor<1x1x1x1x2x1xi32> -> tensor<1x1x2x1x2x1xi32>
    %77 = arith.xori %75, %76 : tensor<1x1x2x1x2x1xi32>
    %78 = arith.extui %74 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %79 = tt.broadcast %77 : tensor<1x1x2x1x2x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %80 = arith.cmpi ne, %78, %79 : tensor<2x2x2x2x2x2xi32>
    %81 = arith.select %80, %73, %67 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %82 = tt.bitcast %81 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %83 = "tt.reduce"(%82) <{axis = 5 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %84 = tt.expand_dims %83 {axis = 5 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x2x2x1xi32>
    %85 = tt.broadcast %84 : tensor<2x2x2x2x2x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %86 = arith.xori %82, %85 : tensor<2x2x2x2x2x2xi32>
    %87 = tt.bitcast %86 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %88 = arith.cmpf ogt, %81, %87 : tensor<2x2x2x2x2x2xf32>
    %89 = tt.broadcast %53 : tensor<1x1x2x1x1x1xi32> -> tensor<1x1x2x1x1x2xi32>
    %90 = tt.broadcast %15 : tensor<1x1x1x1x1x2xi32> -> tensor<1x1x2x1x1x2xi32>
    %91 = arith.xori %89, %90 : tensor<1x1x2x1x1x2xi32>
    %92 = arith.extui %88 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %93 = tt.broadcast %91 : tensor<1x1x2x1x1x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %94 = arith.cmpi ne, %92, %93 : tensor<2x2x2x2x2x2xi32>
    %95 = arith.select %94, %87, %81 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %96 = tt.reshape %7 : tensor<2xi32> -> tensor<1x2x1x1x1x1xi32>
    %97 = tt.bitcast %95 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %98 = "tt.reduce"(%97) <{axis = 2 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %99 = tt.expand_dims %98 {axis = 2 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x1x2x2x2xi32>
    %100 = tt.broadcast %99 : tensor<2x2x1x2x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %101 = arith.xori %97, %100 : tensor<2x2x2x2x2x2xi32>
    %102 = tt.bitcast %101 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %103 = arith.cmpf ogt, %95, %102 : tensor<2x2x2x2x2x2xf32>
    %104 = tt.broadcast %96 : tensor<1x2x1x1x1x1xi32> -> tensor<1x2x2x1x1x1xi32>
    %105 = tt.broadcast %53 : tensor<1x1x2x1x1x1xi32> -> tensor<1x2x2x1x1x1xi32>
    %106 = arith.xori %104, %105 : tensor<1x2x2x1x1x1xi32>
    %107 = arith.extui %103 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %108 = tt.broadcast %106 : tensor<1x2x2x1x1x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %109 = arith.cmpi ne, %107, %108 : tensor<2x2x2x2x2x2xi32>
    %110 = arith.select %109, %102, %95 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %111 = tt.bitcast %110 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %112 = "tt.reduce"(%111) <{axis = 3 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %113 = tt.expand_dims %112 {axis = 3 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x1x2x2xi32>
    %114 = tt.broadcast %113 : tensor<2x2x2x1x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %115 = arith.xori %111, %114 : tensor<2x2x2x2x2x2xi32>
    %116 = tt.bitcast %115 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %117 = arith.cmpf ogt, %110, %116 : tensor<2x2x2x2x2x2xf32>
    %118 = tt.broadcast %96 : tensor<1x2x1x1x1x1xi32> -> tensor<1x2x1x2x1x1xi32>
    %119 = tt.broadcast %24 : tensor<1x1x1x2x1x1xi32> -> tensor<1x2x1x2x1x1xi32>
    %120 = arith.xori %118, %119 : tensor<1x2x1x2x1x1xi32>
    %121 = arith.extui %117 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %122 = tt.broadcast %120 : tensor<1x2x1x2x1x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %123 = arith.cmpi ne, %121, %122 : tensor<2x2x2x2x2x2xi32>
    %124 = arith.select %123, %116, %110 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %125 = tt.bitcast %124 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %126 = "tt.reduce"(%125) <{axis = 4 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %127 = tt.expand_dims %126 {axis = 4 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x2x1x2xi32>
    %128 = tt.broadcast %127 : tensor<2x2x2x2x1x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %129 = arith.xori %125, %128 : tensor<2x2x2x2x2x2xi32>
    %130 = tt.bitcast %129 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %131 = arith.cmpf ogt, %124, %130 : tensor<2x2x2x2x2x2xf32>
    %132 = tt.broadcast %96 : tensor<1x2x1x1x1x1xi32> -> tensor<1x2x1x1x2x1xi32>
    %133 = tt.broadcast %8 : tensor<1x1x1x1x2x1xi32> -> tensor<1x2x1x1x2x1xi32>
    %134 = arith.xori %132, %133 : tensor<1x2x1x1x2x1xi32>
    %135 = arith.extui %131 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %136 = tt.broadcast %134 : tensor<1x2x1x1x2x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %137 = arith.cmpi ne, %135, %136 : tensor<2x2x2x2x2x2xi32>
    %138 = arith.select %137, %130, %124 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %139 = tt.bitcast %138 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %140 = "tt.reduce"(%139) <{axis = 5 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %141 = tt.expand_dims %140 {axis = 5 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x2x2x1xi32>
    %142 = tt.broadcast %141 : tensor<2x2x2x2x2x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %143 = arith.xori %139, %142 : tensor<2x2x2x2x2x2xi32>
    %144 = tt.bitcast %143 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %145 = arith.cmpf ogt, %138, %144 : tensor<2x2x2x2x2x2xf32>
    %146 = tt.broadcast %96 : tensor<1x2x1x1x1x1xi32> -> tensor<1x2x1x1x1x2xi32>
    %147 = tt.broadcast %15 : tensor<1x1x1x1x1x2xi32> -> tensor<1x2x1x1x1x2xi32>
    %148 = arith.xori %146, %147 : tensor<1x2x1x1x1x2xi32>
    %149 = arith.extui %145 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %150 = tt.broadcast %148 : tensor<1x2x1x1x1x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %151 = arith.cmpi ne, %149, %150 : tensor<2x2x2x2x2x2xi32>
    %152 = arith.select %151, %144, %138 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %153 = tt.reshape %7 : tensor<2xi32> -> tensor<2x1x1x1x1x1xi32>
    %154 = tt.bitcast %152 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %155 = "tt.reduce"(%154) <{axis = 1 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %156 = tt.expand_dims %155 {axis = 1 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x1x2x2x2x2xi32>
    %157 = tt.broadcast %156 : tensor<2x1x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %158 = arith.xori %154, %157 : tensor<2x2x2x2x2x2xi32>
    %159 = tt.bitcast %158 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %160 = arith.cmpf ogt, %152, %159 : tensor<2x2x2x2x2x2xf32>
    %161 = tt.broadcast %153 : tensor<2x1x1x1x1x1xi32> -> tensor<2x2x1x1x1x1xi32>
    %162 = tt.broadcast %96 : tensor<1x2x1x1x1x1xi32> -> tensor<2x2x1x1x1x1xi32>
    %163 = arith.xori %161, %162 : tensor<2x2x1x1x1x1xi32>
    %164 = arith.extui %160 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %165 = tt.broadcast %163 : tensor<2x2x1x1x1x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %166 = arith.cmpi ne, %164, %165 : tensor<2x2x2x2x2x2xi32>
    %167 = arith.select %166, %159, %152 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %168 = tt.bitcast %167 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %169 = "tt.reduce"(%168) <{axis = 2 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %170 = tt.expand_dims %169 {axis = 2 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x1x2x2x2xi32>
    %171 = tt.broadcast %170 : tensor<2x2x1x2x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %172 = arith.xori %168, %171 : tensor<2x2x2x2x2x2xi32>
    %173 = tt.bitcast %172 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %174 = arith.cmpf ogt, %167, %173 : tensor<2x2x2x2x2x2xf32>
    %175 = tt.broadcast %153 : tensor<2x1x1x1x1x1xi32> -> tensor<2x1x2x1x1x1xi32>
    %176 = tt.broadcast %53 : tensor<1x1x2x1x1x1xi32> -> tensor<2x1x2x1x1x1xi32>
    %177 = arith.xori %175, %176 : tensor<2x1x2x1x1x1xi32>
    %178 = arith.extui %174 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %179 = tt.broadcast %177 : tensor<2x1x2x1x1x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %180 = arith.cmpi ne, %178, %179 : tensor<2x2x2x2x2x2xi32>
    %181 = arith.select %180, %173, %167 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %182 = tt.bitcast %181 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %183 = "tt.reduce"(%182) <{axis = 3 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %184 = tt.expand_dims %183 {axis = 3 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x1x2x2xi32>
    %185 = tt.broadcast %184 : tensor<2x2x2x1x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %186 = arith.xori %182, %185 : tensor<2x2x2x2x2x2xi32>
    %187 = tt.bitcast %186 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %188 = arith.cmpf ogt, %181, %187 : tensor<2x2x2x2x2x2xf32>
    %189 = tt.broadcast %153 : tensor<2x1x1x1x1x1xi32> -> tensor<2x1x1x2x1x1xi32>
    %190 = tt.broadcast %24 : tensor<1x1x1x2x1x1xi32> -> tensor<2x1x1x2x1x1xi32>
    %191 = arith.xori %189, %190 : tensor<2x1x1x2x1x1xi32>
    %192 = arith.extui %188 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %193 = tt.broadcast %191 : tensor<2x1x1x2x1x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %194 = arith.cmpi ne, %192, %193 : tensor<2x2x2x2x2x2xi32>
    %195 = arith.select %194, %187, %181 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %196 = tt.bitcast %195 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %197 = "tt.reduce"(%196) <{axis = 4 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %198 = tt.expand_dims %197 {axis = 4 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x2x1x2xi32>
    %199 = tt.broadcast %198 : tensor<2x2x2x2x1x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %200 = arith.xori %196, %199 : tensor<2x2x2x2x2x2xi32>
    %201 = tt.bitcast %200 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %202 = arith.cmpf ogt, %195, %201 : tensor<2x2x2x2x2x2xf32>
    %203 = tt.broadcast %153 : tensor<2x1x1x1x1x1xi32> -> tensor<2x1x1x1x2x1xi32>
    %204 = tt.broadcast %8 : tensor<1x1x1x1x2x1xi32> -> tensor<2x1x1x1x2x1xi32>
    %205 = arith.xori %203, %204 : tensor<2x1x1x1x2x1xi32>
    %206 = arith.extui %202 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %207 = tt.broadcast %205 : tensor<2x1x1x1x2x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %208 = arith.cmpi ne, %206, %207 : tensor<2x2x2x2x2x2xi32>
    %209 = arith.select %208, %201, %195 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %210 = tt.bitcast %209 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %211 = "tt.reduce"(%210) <{axis = 5 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %212 = tt.expand_dims %211 {axis = 5 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x2x2x1xi32>
    %213 = tt.broadcast %212 : tensor<2x2x2x2x2x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %214 = arith.xori %210, %213 : tensor<2x2x2x2x2x2xi32>
    %215 = tt.bitcast %214 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %216 = arith.cmpf ogt, %209, %215 : tensor<2x2x2x2x2x2xf32>
    %217 = tt.broadcast %153 : tensor<2x1x1x1x1x1xi32> -> tensor<2x1x1x1x1x2xi32>
    %218 = tt.broadcast %15 : tensor<1x1x1x1x1x2xi32> -> tensor<2x1x1x1x1x2xi32>
    %219 = arith.xori %217, %218 : tensor<2x1x1x1x1x2xi32>
    %220 = arith.extui %216 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %221 = tt.broadcast %219 : tensor<2x1x1x1x1x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %222 = arith.cmpi ne, %220, %221 : tensor<2x2x2x2x2x2xi32>
    %223 = arith.select %222, %215, %209 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %224 = tt.bitcast %223 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %225 = "tt.reduce"(%224) <{axis = 0 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %226 = tt.expand_dims %225 {axis = 0 : i32} : tensor<2x2x2x2x2xi32> -> tensor<1x2x2x2x2x2xi32>
    %227 = tt.broadcast %226 : tensor<1x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %228 = arith.xori %224, %227 : tensor<2x2x2x2x2x2xi32>
    %229 = tt.bitcast %228 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %230 = arith.cmpf ogt, %223, %229 : tensor<2x2x2x2x2x2xf32>
    %231 = arith.extui %230 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %232 = tt.broadcast %153 : tensor<2x1x1x1x1x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %233 = arith.cmpi ne, %231, %232 : tensor<2x2x2x2x2x2xi32>
    %234 = arith.select %233, %229, %223 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %235 = tt.bitcast %234 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %236 = "tt.reduce"(%235) <{axis = 1 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %237 = tt.expand_dims %236 {axis = 1 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x1x2x2x2x2xi32>
    %238 = tt.broadcast %237 : tensor<2x1x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %239 = arith.xori %235, %238 : tensor<2x2x2x2x2x2xi32>
    %240 = tt.bitcast %239 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %241 = arith.cmpf ogt, %234, %240 : tensor<2x2x2x2x2x2xf32>
    %242 = arith.extui %241 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %243 = tt.broadcast %96 : tensor<1x2x1x1x1x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %244 = arith.cmpi ne, %242, %243 : tensor<2x2x2x2x2x2xi32>
    %245 = arith.select %244, %240, %234 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %246 = tt.bitcast %245 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %247 = "tt.reduce"(%246) <{axis = 2 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %248 = tt.expand_dims %247 {axis = 2 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x1x2x2x2xi32>
    %249 = tt.broadcast %248 : tensor<2x2x1x2x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %250 = arith.xori %246, %249 : tensor<2x2x2x2x2x2xi32>
    %251 = tt.bitcast %250 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %252 = arith.cmpf ogt, %245, %251 : tensor<2x2x2x2x2x2xf32>
    %253 = arith.extui %252 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %254 = tt.broadcast %53 : tensor<1x1x2x1x1x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %255 = arith.cmpi ne, %253, %254 : tensor<2x2x2x2x2x2xi32>
    %256 = arith.select %255, %251, %245 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %257 = tt.bitcast %256 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %258 = "tt.reduce"(%257) <{axis = 3 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %259 = tt.expand_dims %258 {axis = 3 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x1x2x2xi32>
    %260 = tt.broadcast %259 : tensor<2x2x2x1x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %261 = arith.xori %257, %260 : tensor<2x2x2x2x2x2xi32>
    %262 = tt.bitcast %261 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %263 = arith.cmpf ogt, %256, %262 : tensor<2x2x2x2x2x2xf32>
    %264 = arith.extui %263 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %265 = tt.broadcast %24 : tensor<1x1x1x2x1x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %266 = arith.cmpi ne, %264, %265 : tensor<2x2x2x2x2x2xi32>
    %267 = arith.select %266, %262, %256 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %268 = tt.bitcast %267 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %269 = "tt.reduce"(%268) <{axis = 4 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %270 = tt.expand_dims %269 {axis = 4 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x2x1x2xi32>
    %271 = tt.broadcast %270 : tensor<2x2x2x2x1x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %272 = arith.xori %268, %271 : tensor<2x2x2x2x2x2xi32>
    %273 = tt.bitcast %272 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %274 = arith.cmpf ogt, %267, %273 : tensor<2x2x2x2x2x2xf32>
    %275 = arith.extui %274 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %276 = tt.broadcast %8 : tensor<1x1x1x1x2x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %277 = arith.cmpi ne, %275, %276 : tensor<2x2x2x2x2x2xi32>
    %278 = arith.select %277, %273, %267 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %279 = tt.bitcast %278 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %280 = "tt.reduce"(%279) <{axis = 5 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %281 = tt.expand_dims %280 {axis = 5 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x2x2x1xi32>
    %282 = tt.broadcast %281 : tensor<2x2x2x2x2x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %283 = arith.xori %279, %282 : tensor<2x2x2x2x2x2xi32>
    %284 = tt.bitcast %283 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %285 = arith.cmpf ogt, %278, %284 : tensor<2x2x2x2x2x2xf32>
    %286 = arith.extui %285 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %287 = tt.broadcast %15 : tensor<1x1x1x1x1x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %288 = arith.cmpi ne, %286, %287 : tensor<2x2x2x2x2x2xi32>
    %289 = arith.select %288, %284, %278 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %290 = tt.reshape %289 : tensor<2x2x2x2x2x2xf32> -> tensor<64xf32>
    tt.store %5, %290 : tensor<64x!tt.ptr<f32>>
    %291 = tt.addptr %arg1, %c64_i32 : !tt.ptr<f32>, i32
    %292 = tt.splat %291 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %293 = tt.addptr %292, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %294 = arith.xori %153, %cst_4 : tensor<2x1x1x1x1x1xi32>
    %295 = tt.broadcast %294 : tensor<2x1x1x1x1x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %296 = arith.cmpi ne, %231, %295 : tensor<2x2x2x2x2x2xi32>
    %297 = arith.select %296, %229, %223 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %298 = tt.bitcast %297 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %299 = "tt.reduce"(%298) <{axis = 1 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %300 = tt.expand_dims %299 {axis = 1 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x1x2x2x2x2xi32>
    %301 = tt.broadcast %300 : tensor<2x1x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %302 = arith.xori %298, %301 : tensor<2x2x2x2x2x2xi32>
    %303 = tt.bitcast %302 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %304 = arith.cmpf ogt, %297, %303 : tensor<2x2x2x2x2x2xf32>
    %305 = arith.xori %96, %cst_3 : tensor<1x2x1x1x1x1xi32>
    %306 = arith.extui %304 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %307 = tt.broadcast %305 : tensor<1x2x1x1x1x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %308 = arith.cmpi ne, %306, %307 : tensor<2x2x2x2x2x2xi32>
    %309 = arith.select %308, %303, %297 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %310 = tt.bitcast %309 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %311 = "tt.reduce"(%310) <{axis = 2 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %312 = tt.expand_dims %311 {axis = 2 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x1x2x2x2xi32>
    %313 = tt.broadcast %312 : tensor<2x2x1x2x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %314 = arith.xori %310, %313 : tensor<2x2x2x2x2x2xi32>
    %315 = tt.bitcast %314 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %316 = arith.cmpf ogt, %309, %315 : tensor<2x2x2x2x2x2xf32>
    %317 = arith.xori %53, %cst_2 : tensor<1x1x2x1x1x1xi32>
    %318 = arith.extui %316 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %319 = tt.broadcast %317 : tensor<1x1x2x1x1x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %320 = arith.cmpi ne, %318, %319 : tensor<2x2x2x2x2x2xi32>
    %321 = arith.select %320, %315, %309 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %322 = tt.bitcast %321 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %323 = "tt.reduce"(%322) <{axis = 3 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %324 = tt.expand_dims %323 {axis = 3 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x1x2x2xi32>
    %325 = tt.broadcast %324 : tensor<2x2x2x1x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %326 = arith.xori %322, %325 : tensor<2x2x2x2x2x2xi32>
    %327 = tt.bitcast %326 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %328 = arith.cmpf ogt, %321, %327 : tensor<2x2x2x2x2x2xf32>
    %329 = arith.xori %24, %cst_1 : tensor<1x1x1x2x1x1xi32>
    %330 = arith.extui %328 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %331 = tt.broadcast %329 : tensor<1x1x1x2x1x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %332 = arith.cmpi ne, %330, %331 : tensor<2x2x2x2x2x2xi32>
    %333 = arith.select %332, %327, %321 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %334 = tt.bitcast %333 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %335 = "tt.reduce"(%334) <{axis = 4 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %336 = tt.expand_dims %335 {axis = 4 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x2x1x2xi32>
    %337 = tt.broadcast %336 : tensor<2x2x2x2x1x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %338 = arith.xori %334, %337 : tensor<2x2x2x2x2x2xi32>
    %339 = tt.bitcast %338 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %340 = arith.cmpf ogt, %333, %339 : tensor<2x2x2x2x2x2xf32>
    %341 = arith.xori %8, %cst_0 : tensor<1x1x1x1x2x1xi32>
    %342 = arith.extui %340 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %343 = tt.broadcast %341 : tensor<1x1x1x1x2x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %344 = arith.cmpi ne, %342, %343 : tensor<2x2x2x2x2x2xi32>
    %345 = arith.select %344, %339, %333 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %346 = tt.bitcast %345 : tensor<2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2xi32>
    %347 = "tt.reduce"(%346) <{axis = 5 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %348 = tt.expand_dims %347 {axis = 5 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x2x2x1xi32>
    %349 = tt.broadcast %348 : tensor<2x2x2x2x2x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %350 = arith.xori %346, %349 : tensor<2x2x2x2x2x2xi32>
    %351 = tt.bitcast %350 : tensor<2x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xf32>
    %352 = arith.cmpf ogt, %345, %351 : tensor<2x2x2x2x2x2xf32>
    %353 = arith.xori %15, %cst : tensor<1x1x1x1x1x2xi32>
    %354 = arith.extui %352 : tensor<2x2x2x2x2x2xi1> to tensor<2x2x2x2x2x2xi32>
    %355 = tt.broadcast %353 : tensor<1x1x1x1x1x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %356 = arith.cmpi ne, %354, %355 : tensor<2x2x2x2x2x2xi32>
    %357 = arith.select %356, %351, %345 : tensor<2x2x2x2x2x2xi1>, tensor<2x2x2x2x2x2xf32>
    %358 = tt.reshape %357 : tensor<2x2x2x2x2x2xf32> -> tensor<64xf32>
    tt.store %293, %358 : tensor<64x!tt.ptr<f32>>
    %359 = tt.addptr %arg1, %c128_i32 : !tt.ptr<f32>, i32
    %360 = tt.splat %359 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %361 = tt.addptr %360, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %362 = tt.bitcast %3 : tensor<64xf32> -> tensor<64xi32>
    %363 = tt.reshape %362 : tensor<64xi32> -> tensor<2x2x2x2x2x2xi32>
    %364 = "tt.reduce"(%363) <{axis = 0 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %365 = tt.expand_dims %364 {axis = 0 : i32} : tensor<2x2x2x2x2xi32> -> tensor<1x2x2x2x2x2xi32>
    %366 = tt.broadcast %365 : tensor<1x2x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %367 = arith.xori %363, %366 : tensor<2x2x2x2x2x2xi32>
    %368 = "tt.reduce"(%367) <{axis = 1 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %369 = tt.expand_dims %368 {axis = 1 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x1x2x2x2x2xi32>
    %370 = tt.broadcast %369 : tensor<2x1x2x2x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %371 = arith.xori %367, %370 : tensor<2x2x2x2x2x2xi32>
    %372 = "tt.reduce"(%371) <{axis = 2 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %373 = tt.expand_dims %372 {axis = 2 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x1x2x2x2xi32>
    %374 = tt.broadcast %373 : tensor<2x2x1x2x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %375 = arith.xori %371, %374 : tensor<2x2x2x2x2x2xi32>
    %376 = "tt.reduce"(%375) <{axis = 3 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %377 = tt.expand_dims %376 {axis = 3 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x1x2x2xi32>
    %378 = tt.broadcast %377 : tensor<2x2x2x1x2x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %379 = arith.xori %375, %378 : tensor<2x2x2x2x2x2xi32>
    %380 = "tt.reduce"(%379) <{axis = 4 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %381 = tt.expand_dims %380 {axis = 4 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x2x1x2xi32>
    %382 = tt.broadcast %381 : tensor<2x2x2x2x1x2xi32> -> tensor<2x2x2x2x2x2xi32>
    %383 = arith.xori %379, %382 : tensor<2x2x2x2x2x2xi32>
    %384 = "tt.reduce"(%383) <{axis = 5 : i32}> ({
    ^bb0(%arg3: i32, %arg4: i32):
      %402 = arith.xori %arg3, %arg4 : i32
      tt.reduce.return %402 : i32
    }) : (tensor<2x2x2x2x2x2xi32>) -> tensor<2x2x2x2x2xi32>
    %385 = tt.expand_dims %384 {axis = 5 : i32} : tensor<2x2x2x2x2xi32> -> tensor<2x2x2x2x2x1xi32>
    %386 = tt.broadcast %385 : tensor<2x2x2x2x2x1xi32> -> tensor<2x2x2x2x2x2xi32>
    %387 = arith.xori %383, %386 : tensor<2x2x2x2x2x2xi32>
    %388 = tt.reshape %387 : tensor<2x2x2x2x2x2xi32> -> tensor<64xi32>
    %389 = tt.bitcast %388 : tensor<64xi32> -> tensor<64xf32>
    tt.store %361, %389 : tensor<64x!tt.ptr<f32>>
    %390 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1x!tt.ptr<f32>>
    %391 = tt.load %390 : tensor<1x!tt.ptr<f32>>
    %392 = tt.unsplat %391 : tensor<1xf32>
    %393 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<2x!tt.ptr<f32>>
    %394 = tt.addptr %393, %7 : tensor<2x!tt.ptr<f32>>, tensor<2xi32>
    %395 = tt.load %394 : tensor<2x!tt.ptr<f32>>
    %396 = tt.expand_dims %395 {axis = 0 : i32} : tensor<2xf32> -> tensor<1x2xf32>
    %outLHS, %outRHS = tt.split %396 : tensor<1x2xf32> -> tensor<1xf32>
    %397 = tt.unsplat %outLHS : tensor<1xf32>
    %398 = tt.unsplat %outRHS : tensor<1xf32>
    %399 = arith.mulf %397, %398 : f32
    %400 = arith.addf %392, %399 : f32
    %401 = arith.addf %400, %392 : f32
    tt.store %arg2, %401 : !tt.ptr<f32>
    tt.return
  }
}

